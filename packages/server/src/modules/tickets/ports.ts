import type { ExternalComment, ExternalTicket, ExternalTicketInput, HelpdeskType, TicketContext } from '@netloom/domain';
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

/** A connected helpdesk, as the tickets' sync uses it (the helpdesks module's clients answer it). */
export interface TicketHelpdeskClient {
  create(ticket: ExternalTicketInput): Promise<ExternalTicket>;
  get(id: string): Promise<ExternalTicket>;
  /** The public thread, oldest first. */
  comments(id: string): Promise<ExternalComment[]>;
  reply(id: string, body: string, author: { name: string; email: string }): Promise<void>;
}

/** Which helpdesk a tenant's tickets go to, and its client; the composition root answers it from the helpdesks module. */
export interface TicketHelpdesks {
  /** Whose integration takes the tenant's new tickets (a tenant's id or 'provider') and which helpdesk; null: the built-in desk. */
  methodFor(tenantId: string): Promise<{ owner: string; type: HelpdeskType } | null>;
  /** That owner's client while it is still that helpdesk; null once disconnected or replaced by another kind. */
  clientOf(owner: string, type: HelpdeskType): Promise<TicketHelpdeskClient | null>;
}

/**
 * Why a helpdesk call failed, as the helpdesks module's errors say it: `retryable` for an outage
 * or a rate limit, `retryAfterMs` when the helpdesk named a wait.
 */
export interface HelpdeskFailure {
  message: string;
  retryable: boolean;
  retryAfterMs: number | null;
}
