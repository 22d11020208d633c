import { z } from 'zod';
import { HELPDESK_TYPES, type ExternalTicketStatus, type HelpdeskPriority } from './helpdesk';

/**
 * Tickets raised while a helpdesk is connected live there: Netloom keeps its own copy, sends it
 * (an outbox, so a helpdesk that is down delays a ticket and never loses it), and reads the
 * helpdesk's status and agents' replies back, by polling and when the helpdesk's webhook names it.
 */

/** How a ticket stands with its helpdesk: waiting to be sent (tried again until it is), or there. */
export const EXTERNAL_SYNC_STATES = ['sending', 'sent'] as const;
export type ExternalSyncState = (typeof EXTERNAL_SYNC_STATES)[number];

export const ticketExternalSchema = z.object({
  helpdesk: z.enum(HELPDESK_TYPES),
  label: z.string(),
  /** The helpdesk's own number or key ('1042', 'SUP-7'); null until it took the ticket. */
  reference: z.string().nullable(),
  state: z.enum(EXTERNAL_SYNC_STATES),
  /** Why the last call failed (sending it, or reading it back), in the helpdesk's words where it gave them. */
  error: z.string().nullable(),
  /** When Netloom calls the helpdesk next about this ticket (null: nothing to do). */
  next_attempt_at: z.string().nullable(),
  /** When the helpdesk's status and replies were last read. */
  synced_at: z.string().nullable(),
});
export type TicketExternal = z.infer<typeof ticketExternalSchema>;

/** A failed call is tried again after 30 s, then twice as long each time, up to 30 minutes. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 30 * 60_000;
/** A refusal (wrong credentials, a request the helpdesk will not take) waits this long: an admin has to fix it first. */
const REFUSED_RETRY_MS = 15 * 60_000;

/**
 * When to call the helpdesk again after `attempts` failed calls in a row: at least what its
 * Retry-After asked, later and later for an outage, slowly for a refusal. A ticket is never dropped.
 */
export function helpdeskRetryDelayMs(attempts: number, failure: { retryable: boolean; retryAfterMs: number | null }): number {
  const backoff = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  const floor = failure.retryable ? backoff : Math.max(backoff, REFUSED_RETRY_MS);
  return Math.max(floor, failure.retryAfterMs ?? 0);
}

/** What the sync state says to the ticket's reader. */
export function externalSyncText(e: TicketExternal): string {
  const when = e.next_attempt_at ? ` Netloom tries again at ${e.next_attempt_at.slice(11, 16)} UTC.` : '';
  if (e.state === 'sent')
    return e.error ? `In ${e.label} as ${e.reference}. Its replies could not be read: ${e.error}.${when}` : `In ${e.label} as ${e.reference}`;
  return e.error ? `Waiting to reach ${e.label}: ${e.error}.${when}` : `Being sent to ${e.label}…`;
}

/** A ticket as Netloom raises it in a helpdesk: the context it carries is already in the description. */
export interface ExternalTicketInput {
  subject: string;
  description: string;
  priority: HelpdeskPriority;
  requester: { name: string; email: string };
  /** Netloom's own id, kept on the helpdesk's side where it has a place for it (tags, labels). */
  reference: string;
}

export interface ExternalTicket {
  id: string;
  status: ExternalTicketStatus;
  /** Where an agent opens it in the helpdesk. */
  url: string;
  updatedAt: string;
}

export interface ExternalComment {
  id: string;
  author: string;
  body: string;
  /** Written by the helpdesk's agents rather than the requester. */
  byAgent: boolean;
  createdAt: string;
}
