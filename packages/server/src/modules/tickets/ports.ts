import type { TicketContext } from '@netloom/domain';
import type { Actor } from '../../http/access';

/**
 * What the tickets module asks of the rest of the system; the composition root answers it from
 * the devices, config and alarms services (this module imports none of them).
 */
export interface TicketContextSource {
  /** The device's facts now (model, firmware, sync state, revision, recent alarms); null when the tenant has no such device. */
  device(actor: Actor, deviceId: string): Promise<TicketContext['device']>;
}

/** Tells consoles, on every instance, that a ticket changed: the tenant's (never for an internal note) and the desk's. */
export interface TicketAnnouncer {
  tenant(tenantId: string, ticketId: string, change: 'created' | 'reply' | 'status'): Promise<void>;
  desk(tenantId: string, ticketId: string, change: 'created' | 'reply' | 'status'): Promise<void>;
}
