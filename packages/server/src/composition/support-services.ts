import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../bus/event-bus';
import { topics } from '../bus/topics';
import type { Db } from '../db/client';
import type { SessionEvents } from '../http/principal-cache';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import type { AlarmService } from '../modules/alarms/service';
import type { ConfigService } from '../modules/config/service';
import type { DeviceService } from '../modules/devices/service';
import type { HelpdeskIntegrationService } from '../modules/helpdesks/service';
import { HelpdeskTickets, SupportDesk, TicketHelpdeskSync, type TicketAnnouncer, type TicketContextSource } from '../modules/tickets/index';

/** How many of a device's newest alarms a ticket keeps. */
const TICKET_ALARMS = 10;

/** The device facts a ticket keeps, read from the modules that own them. */
function ticketContext(devices: DeviceService, deviceConfig: ConfigService, alarms: AlarmService): TicketContextSource {
  return {
    async device(actor, deviceId) {
      const device = await devices.get(actor.scope.tenantId, deviceId).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      });
      if (!device) return null;
      const [config, recent] = await Promise.all([
        // A device never configured still gets its ticket: its sync state is simply unknown.
        deviceConfig.get(actor, deviceId).catch(() => null),
        alarms.recent(actor.scope.tenantId, deviceId, TICKET_ALARMS),
      ]);
      return {
        id: device.id,
        name: device.name,
        serial: device.serial ?? null,
        model: device.model ?? null,
        firmware: device.version ?? null,
        status: device.deviceStatus ?? null,
        sync_state: config?.sync.state ?? null,
        revision: config?.revision?.number ?? null,
        recent_alarms: recent,
      };
    },
  };
}

/** Ticket changes over the bus, so consoles on every instance hear them. */
function ticketAnnouncer(bus: EventBus): TicketAnnouncer {
  return {
    tenant: (tenantId, ticketId, change) => bus.publish(topics.tenantTickets(tenantId), { kind: 'ticket', ticket_id: ticketId, change }),
    desk: (tenantId, ticketId, change) => bus.publish(topics.supportDesk(), { kind: 'ticket', ticket_id: ticketId, change, tenant_id: tenantId }),
  };
}

export function supportServices(o: {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  sessionEvents: SessionEvents;
  devices: DeviceService;
  deviceConfig: ConfigService;
  alarms: AlarmService;
  helpdesks: HelpdeskIntegrationService;
  helpdeskPollSeconds: number;
}): { tickets: HelpdeskTickets; supportDesk: SupportDesk; ticketSync: TicketHelpdeskSync } {
  const announce = ticketAnnouncer(o.bus);
  // Tickets reach a connected helpdesk through its client; its webhook makes the sync read a ticket at once.
  const helpdesks = { methodFor: o.helpdesks.methodFor.bind(o.helpdesks), clientOf: o.helpdesks.clientOf.bind(o.helpdesks) };
  const ticketSync = new TicketHelpdeskSync({ db: o.db, helpdesks, announce, log: o.log, pollMs: o.helpdeskPollSeconds * 1000 });
  o.helpdesks.onWebhook(ticketSync.webhook.bind(ticketSync));
  return {
    ticketSync,
    tickets: new HelpdeskTickets(o.db, ticketContext(o.devices, o.deviceConfig, o.alarms), announce, { helpdesks, wake: () => ticketSync.wake() }),
    supportDesk: new SupportDesk({ db: o.db, mailer: o.mailer, announce, sessionEvents: o.sessionEvents, publicUrl: o.publicUrl, log: o.log }),
  };
}
