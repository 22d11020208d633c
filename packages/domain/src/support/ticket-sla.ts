/**
 * Service levels of support tickets: how soon the provider answers first and solves, by priority.
 * Pure: the server stores the times, the console and the desk's "SLA breached" filter read them
 * through these functions, so both count the same way.
 */
import type { TicketPriority, TicketStatus } from './ticket-rules';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface SlaTarget {
  /** From raising to the provider's first public reply. */
  firstResponseMs: number;
  /** From raising to solved. */
  resolutionMs: number;
}

export const TICKET_SLA_TARGETS: Record<TicketPriority, SlaTarget> = {
  urgent: { firstResponseMs: 1 * HOUR, resolutionMs: 4 * HOUR },
  high: { firstResponseMs: 4 * HOUR, resolutionMs: 1 * DAY },
  normal: { firstResponseMs: 8 * HOUR, resolutionMs: 3 * DAY },
  low: { firstResponseMs: 24 * HOUR, resolutionMs: 5 * DAY },
};

/** One target of a ticket: when it is due, and whether and when it was met. */
export interface SlaMeasure {
  due: Date;
  /** When the target was met (first reply sent, ticket solved); null while it runs. */
  metAt: Date | null;
  /** Milliseconds left until due (negative past it); for a met target, what was left when it was met. */
  remainingMs: number;
  breached: boolean;
  /** The clock stands still now (the ticket waits on the customer or a third party). */
  paused: boolean;
}

export interface TicketSlaInput {
  priority: TicketPriority;
  createdAt: Date;
  firstResponseAt: Date | null;
  solvedAt: Date | null;
  /** How long the resolution clock stood still in earlier waits (pending, on hold). */
  pausedMs?: number;
  /** Since when it stands still now; null or absent while it runs. */
  pausedAt?: Date | null;
}

function measure(due: Date, metAt: Date | null, now: Date, paused = false): SlaMeasure {
  const until = metAt ?? now;
  const remainingMs = due.getTime() - until.getTime();
  return { due, metAt, remainingMs, breached: remainingMs < 0, paused };
}

/**
 * Both targets of a ticket at `now`: a changed priority moves the due times (measured from
 * raising). The resolution clock stands still while the ticket waits on the customer or a third
 * party (Zendesk's "pausable update"): its due time moves on by every such wait.
 */
export function ticketSla(t: TicketSlaInput, now: Date): { firstResponse: SlaMeasure; resolution: SlaMeasure } {
  const target = TICKET_SLA_TARGETS[t.priority];
  const created = t.createdAt.getTime();
  const waitingNow = t.pausedAt && !t.solvedAt ? Math.max(0, now.getTime() - t.pausedAt.getTime()) : 0;
  return {
    firstResponse: measure(new Date(created + target.firstResponseMs), t.firstResponseAt, now),
    resolution: measure(new Date(created + target.resolutionMs + (t.pausedMs ?? 0) + waitingNow), t.solvedAt, now, Boolean(t.pausedAt) && !t.solvedAt),
  };
}

/** The statuses in which the resolution clock stands still: the ticket waits on someone else. */
export const SLA_PAUSED_STATUSES: readonly TicketStatus[] = ['pending', 'on_hold'];

/**
 * The resolution clock after a status change at `now`: it stops on entering a waiting status and
 * runs again on leaving it, the wait added to what it stood still before.
 */
export function slaPauseAfter(to: TicketStatus, clock: { pausedMs: number; pausedAt: Date | null }, now: Date): { pausedMs: number; pausedAt: Date | null } {
  const waiting = SLA_PAUSED_STATUSES.includes(to);
  if (waiting) return clock.pausedAt ? clock : { pausedMs: clock.pausedMs, pausedAt: now };
  if (!clock.pausedAt) return clock;
  return { pausedMs: clock.pausedMs + Math.max(0, now.getTime() - clock.pausedAt.getTime()), pausedAt: null };
}

/** The target that is due next and still runs: the first response until it is sent, then the resolution; null once solved. */
export function nextSlaDue(t: TicketSlaInput, now: Date): SlaMeasure | null {
  const sla = ticketSla(t, now);
  if (!sla.firstResponse.metAt) return sla.firstResponse;
  if (!sla.resolution.metAt) return sla.resolution;
  return null;
}

/** "2 h 10 min", "3 d 4 h", "35 min", "less than a minute". */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const d = Math.floor(minutes / (24 * 60));
  const h = Math.floor((minutes % (24 * 60)) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

/** What the console shows of a running target: "2 h 10 min left" or "Breached 35 min ago". */
export function formatSlaLeft(remainingMs: number): string {
  return remainingMs >= 0 ? `${formatDuration(remainingMs)} left` : `Breached ${formatDuration(remainingMs)} ago`;
}
