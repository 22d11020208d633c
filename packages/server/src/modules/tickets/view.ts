import {
  HELPDESK_LABELS,
  slaPauseAfter,
  ticketSla,
  type HelpdeskType,
  type TicketStatus,
  type Ticket,
  type TicketAttachment,
  type TicketExternal,
  type TicketMessage,
} from '@netloom/domain';
import type { AttachmentMeta, StoredMessage, StoredTicket, TicketRow } from './repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const attachmentAnswer = (a: AttachmentMeta): TicketAttachment => ({ id: a.id, filename: a.filename, content_type: a.contentType, size: a.size });

/** A ticket as both sides read it; the files of the description (not of replies) come along. */
export function ticketAnswer({ ticket: t, tenantName, assignee }: TicketRow, files: AttachmentMeta[], now: Date): Ticket {
  const sla = ticketSla(
    {
      priority: t.priority as Ticket['priority'],
      createdAt: t.createdAt,
      firstResponseAt: t.firstResponseAt,
      solvedAt: t.solvedAt,
      pausedMs: t.slaPausedMs,
      pausedAt: t.slaPausedAt,
    },
    now,
  );
  const measure = (m: typeof sla.firstResponse) => ({ due: m.due.toISOString(), met_at: iso(m.metAt), breached: m.breached, paused: m.paused });
  return {
    id: t.id,
    number: t.number,
    method: t.method as Ticket['method'],
    subject: t.subject,
    description: t.description,
    product: t.product as Ticket['product'],
    priority: t.priority as Ticket['priority'],
    category: t.category as Ticket['category'],
    status: t.status as Ticket['status'],
    device: t.context.device ? { id: t.context.device.id, name: t.context.device.name } : null,
    context: t.context,
    requester: { id: t.requesterId ?? '', name: t.requesterName, email: t.requesterEmail },
    assignee: assignee ? { id: assignee.id, email: assignee.email, name: `${assignee.firstName} ${assignee.lastName}`.trim() || assignee.email } : null,
    tenant: { id: t.tenantId, name: tenantName },
    attachments: files.filter((f) => f.messageId === null).map(attachmentAnswer),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    first_response_at: iso(t.firstResponseAt),
    solved_at: iso(t.solvedAt),
    closed_at: iso(t.closedAt),
    sla: { first_response: measure(sla.firstResponse), resolution: measure(sla.resolution) },
    external: externalAnswer(t),
  };
}

/** Where a connected helpdesk has the ticket, and how the calls to it went; null for the built-in desk. */
function externalAnswer(t: StoredTicket): TicketExternal | null {
  if (t.method === 'helpdesk') return null;
  const helpdesk = t.method as HelpdeskType;
  return {
    helpdesk,
    label: HELPDESK_LABELS[helpdesk],
    reference: t.externalId,
    state: t.externalId ? 'sent' : 'sending',
    error: t.syncError,
    next_attempt_at: iso(t.nextSyncAt),
    synced_at: iso(t.syncedAt),
  };
}

export function messageAnswer(m: StoredMessage, files: AttachmentMeta[]): TicketMessage {
  return {
    id: m.id,
    author: { id: m.authorId ?? '', name: m.authorName, side: m.side as TicketMessage['author']['side'] },
    body: m.body,
    internal: m.internal,
    attachments: files.filter((f) => f.messageId === m.id).map(attachmentAnswer),
    created_at: m.createdAt.toISOString(),
  };
}

/** A ticket in a connected helpdesk is answered and moved there; Netloom reads it back. */
export const workedElsewhere = (t: StoredTicket) =>
  `This ticket is worked in ${HELPDESK_LABELS[t.method as HelpdeskType]}${t.externalId ? ` (${t.externalId})` : ''}: answer it and change its status there`;

/** The resolution clock's columns after the ticket moves to `to`: stopped while it waits on someone, running again after. */
export function slaClockAfter(t: StoredTicket, to: TicketStatus, now: Date): Pick<StoredTicket, 'slaPausedMs' | 'slaPausedAt'> {
  const clock = slaPauseAfter(to, { pausedMs: t.slaPausedMs, pausedAt: t.slaPausedAt }, now);
  return { slaPausedMs: clock.pausedMs, slaPausedAt: clock.pausedAt };
}
