import { HELPDESK_TYPES } from './helpdesk';

/**
 * Support tickets' states and who may move them (the built-in helpdesk, spec 000 header: Raise a
 * Ticket, Track Status). Zendesk's model: open (the provider's turn), pending (waiting on the
 * customer), on hold (waiting on a third party), solved, closed (final: a new ticket instead).
 */
export const TICKET_STATUSES = ['open', 'pending', 'on_hold', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  pending: 'Pending (on customer)',
  on_hold: 'On hold',
  solved: 'Solved',
  closed: 'Closed',
};

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' };

export const TICKET_CATEGORIES = ['question', 'incident', 'problem', 'feature_request'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];
export const TICKET_CATEGORY_LABELS: Record<TicketCategory, string> = {
  question: 'Question',
  incident: 'Incident',
  problem: 'Problem',
  feature_request: 'Feature request',
};

export const TICKET_PRODUCTS = ['sdwan', 'ztna', 'web_filter', 'waf', 'ndr', 'rum', 'dem', 'iot_gateway', 'console', 'other'] as const;
export type TicketProduct = (typeof TICKET_PRODUCTS)[number];
export const TICKET_PRODUCT_LABELS: Record<TicketProduct, string> = {
  sdwan: 'SD-WAN',
  ztna: 'ZTNA',
  web_filter: 'Web filtering',
  waf: 'WAF / API security',
  ndr: 'NDR',
  rum: 'RUM',
  dem: 'DEM',
  iot_gateway: 'IoT gateway',
  console: 'Console / account',
  other: 'Other',
};

/** Where tickets live: `helpdesk` is the built-in desk; a connected helpdesk's tickets carry its type. */
export const TICKET_METHODS = ['helpdesk', ...HELPDESK_TYPES] as const;
export type TicketMethod = (typeof TICKET_METHODS)[number];

/** Solved tickets close by themselves this many days after they were solved, unless the customer answers. */
export const TICKET_AUTO_CLOSE_DAYS = 4;

/** The statuses the provider's desk may set; closed is only reached by the automatic close. */
export const DESK_SETTABLE_STATUSES = ['open', 'pending', 'on_hold', 'solved'] as const satisfies readonly TicketStatus[];
/** The customer may only mark their ticket solved (a reply reopens it). */
export const CUSTOMER_SETTABLE_STATUSES = ['solved'] as const satisfies readonly TicketStatus[];

/** Why a status change is refused, or null when it may happen. */
export function statusChangeProblem(from: TicketStatus, to: TicketStatus, by: 'customer' | 'desk'): string | null {
  if (from === 'closed') return 'A closed ticket cannot change: raise a new ticket';
  const allowed: readonly TicketStatus[] = by === 'desk' ? DESK_SETTABLE_STATUSES : CUSTOMER_SETTABLE_STATUSES;
  if (!allowed.includes(to)) return by === 'desk' ? 'Closed is reached only by itself after a ticket is solved' : 'You can only mark your ticket solved';
  return null;
}

/** The status after a public reply: the customer's answer gives the provider the turn again (a solved ticket reopens). */
export function statusAfterReply(from: TicketStatus, by: 'customer' | 'desk', asked?: TicketStatus): TicketStatus {
  if (by === 'customer') return 'open';
  return asked ?? (from === 'open' ? 'pending' : from);
}

/** Whether a ticket solved at `solvedAt` is due to close at `now`. */
export function closesAt(solvedAt: Date, days = TICKET_AUTO_CLOSE_DAYS): Date {
  return new Date(solvedAt.getTime() + days * 24 * 60 * 60_000);
}
