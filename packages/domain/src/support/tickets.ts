import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { textInputMessages } from '../validators/messages';
import { statingRules } from '../validators/documented';
import { paginated, pageQuerySchema } from '../api/pagination';
import { TICKET_CATEGORIES, TICKET_METHODS, TICKET_PRIORITIES, TICKET_PRODUCTS, TICKET_STATUSES, DESK_SETTABLE_STATUSES } from './ticket-rules';
import { TICKET_ATTACHMENTS_PER_MESSAGE, attachmentMessages } from './ticket-attachments';
import { ticketExternalSchema } from './helpdesk-sync';

/**
 * Support tickets (spec 000 header: Raise a Ticket, Track Status; 001 "Ticket query: status,
 * priority, start_date, end_date, tenant_id"). Tenant users raise and follow theirs; the
 * provider's desk (super admins and support engineers) works every tenant's.
 */
export const TICKET_PATHS = {
  /** Tenant: GET its tickets (the spec's query), POST a new one. */
  tickets: 'support/tickets/',
  ticket: (id: string) => `support/tickets/${id}/`,
  messages: (id: string) => `support/tickets/${id}/messages/`,
  attachment: (id: string, attachmentId: string) => `support/tickets/${id}/attachments/${attachmentId}/`,
  /** POST multipart (one file, field `file`): a file kept for the next ticket or reply of its uploader. */
  uploads: 'support/attachments/',
  /** The provider's desk. */
  deskTickets: 'support/desk/tickets/',
  deskTicket: (id: string) => `support/desk/tickets/${id}/`,
  deskMessages: (id: string) => `support/desk/tickets/${id}/messages/`,
  deskAttachment: (id: string, attachmentId: string) => `support/desk/tickets/${id}/attachments/${attachmentId}/`,
  deskUploads: 'support/desk/attachments/',
  /** The tenants that have tickets (the desk's filter). */
  deskTenants: 'support/desk/tenants/',
  /** GET the support engineers (to assign); super admins PUT a user's flag. */
  engineers: 'support/desk/engineers/',
} as const;

/** The live socket's feed of a tenant's tickets (`/ws/status/{tenant}?feed=support`). */
export const LIVE_SUPPORT_FEED = 'support';
/** The support desk's live socket: every tenant's ticket changes, for super admins and support engineers. */
export const LIVE_DESK_PATH = '/ws/support-desk';
export const deskEventSchema = z.object({
  kind: z.literal('ticket'),
  ticket_id: z.string(),
  tenant_id: z.string(),
  change: z.enum(['created', 'reply', 'status']),
});

/** What the support feed pushes: which ticket changed; the console reads it again (never a note's text). */
export const ticketEventSchema = z.object({
  kind: z.literal('ticket'),
  ticket_id: z.string(),
  change: z.enum(['created', 'reply', 'status']),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

const attachmentIds = z
  .array(z.string().uuid())
  .max(TICKET_ATTACHMENTS_PER_MESSAGE, attachmentMessages.tooMany)
  .default([])
  .describe('Files uploaded first (support/attachments/), at most 3');

export const ticketRaiseBodySchema = z.strictObject({
  subject: filledText().min(1, textInputMessages.required).max(150),
  description: filledText().min(1, textInputMessages.required).max(10_000),
  product: z.enum(TICKET_PRODUCTS),
  priority: z.enum(TICKET_PRIORITIES).default('normal'),
  category: z.enum(TICKET_CATEGORIES),
  device_id: z.string().uuid().nullable().optional(),
  attachment_ids: attachmentIds,
  /** The console's version, sent by the console itself. */
  console_version: storableText().max(64).optional(),
});
export type TicketRaiseBody = z.input<typeof ticketRaiseBodySchema>;

export const ticketReplyBodySchema = z.strictObject({
  body: filledText().min(1, textInputMessages.required).max(10_000),
  attachment_ids: attachmentIds,
});
export type TicketReplyBody = z.input<typeof ticketReplyBodySchema>;

export const deskReplyBodySchema = ticketReplyBodySchema.extend({
  /** An internal note: seen by the desk only, never by the tenant. */
  internal: z.boolean().default(false),
  /** The status after a public reply (pending by default when the ticket was open). */
  status: z.enum(DESK_SETTABLE_STATUSES).optional(),
});
export type DeskReplyBody = z.input<typeof deskReplyBodySchema>;

export const ticketCustomerUpdateSchema = z.strictObject({ status: z.literal('solved') });

const NOTHING_CHANGED = 'Change the status, priority or assignee';
export const deskTicketUpdateSchema = statingRules(
  z
    .strictObject({
      status: z.enum(DESK_SETTABLE_STATUSES).optional(),
      priority: z.enum(TICKET_PRIORITIES).optional(),
      assignee_id: z.string().uuid().nullable().optional(),
    })
    .refine((v) => v.status !== undefined || v.priority !== undefined || v.assignee_id !== undefined, NOTHING_CHANGED),
  [NOTHING_CHANGED],
);
export type DeskTicketUpdate = z.infer<typeof deskTicketUpdateSchema>;

export const ticketAttachmentSchema = z.object({ id: z.string(), filename: z.string(), content_type: z.string(), size: z.number().int() });
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

const slaMeasureSchema = z.object({
  due: z.string(),
  met_at: z.string().nullable(),
  /** Past due when read (or when met): the time left is counted from `due` by the reader, so the answer does not change by the second. */
  breached: z.boolean(),
  /** The clock stands still: the ticket waits on the customer or a third party (the due time moves on meanwhile). */
  paused: z.boolean(),
});

/** What a support engineer would otherwise ask for, captured when the ticket was raised. */
export const ticketContextSchema = z.object({
  device: z
    .object({
      id: z.string(),
      name: z.string(),
      serial: z.string().nullable(),
      model: z.string().nullable(),
      firmware: z.string().nullable(),
      status: z.string().nullable(),
      sync_state: z.string().nullable(),
      revision: z.number().int().nullable(),
      recent_alarms: z.array(z.object({ time: z.string(), status: z.string(), kind: z.string(), alarm: z.string() })),
    })
    .nullable(),
  browser: z.string().nullable(),
  console_version: z.string().nullable(),
});
export type TicketContext = z.infer<typeof ticketContextSchema>;

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ticketSchema = z.object({
  id: z.string(),
  /** The number people quote ("#1042"). */
  number: z.number().int(),
  method: z.enum(TICKET_METHODS),
  subject: z.string(),
  description: z.string(),
  product: z.enum(TICKET_PRODUCTS),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
  status: z.enum(TICKET_STATUSES),
  device: z.object({ id: z.string(), name: z.string() }).nullable(),
  context: ticketContextSchema,
  requester: personSchema,
  assignee: personSchema.nullable(),
  tenant: z.object({ id: z.string(), name: z.string() }),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
  updated_at: z.string(),
  first_response_at: z.string().nullable(),
  solved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  sla: z.object({ first_response: slaMeasureSchema, resolution: slaMeasureSchema }),
  /** Where a connected helpdesk has it (null: Netloom's own desk works it). */
  external: ticketExternalSchema.nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketListSchema = paginated(ticketSchema);

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.object({ id: z.string(), name: z.string(), side: z.enum(['customer', 'provider']) }),
  body: z.string(),
  /** Desk only: the tenant's thread never holds internal notes. */
  internal: z.boolean(),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketThreadSchema = ticketSchema.extend({ messages: z.array(ticketMessageSchema) });
export type TicketThread = z.infer<typeof ticketThreadSchema>;

const date = z.iso.date();

/** The spec's ticket query: status, priority, start_date, end_date, tenant_id. */
export const ticketListQuerySchema = pageQuerySchema.extend({
  tenant_id: z.string().uuid().optional().describe("The tenant (a super admin's choice; everyone else's own)"),
  status: z.enum(TICKET_STATUSES).optional().describe('Only tickets in this state'),
  priority: z.enum(TICKET_PRIORITIES).optional().describe('Only tickets of this priority'),
  start_date: date.optional().describe('Only tickets raised on or after this day (YYYY-MM-DD, UTC)'),
  end_date: date.optional().describe('Only tickets raised on or before this day (YYYY-MM-DD, UTC)'),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const tenantScopeQuerySchema = z.object({
  tenant_id: z.string().uuid().optional().describe("The tenant (a super admin's choice; everyone else's own)"),
});

export const DESK_SORTS = ['sla', 'newest', 'updated'] as const;
export const deskTicketQuerySchema = pageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).optional().describe('Only tickets in this state'),
  priority: z.enum(TICKET_PRIORITIES).optional().describe('Only tickets of this priority'),
  tenant_id: z.string().uuid().optional().describe("Only this tenant's tickets"),
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.string().uuid()])
    .optional()
    .describe("Only tickets assigned to this engineer ('me', or 'none' for unassigned)"),
  breached: z.enum(['true', 'false']).optional().describe('Only tickets past (true) or within (false) the target due next'),
  unsolved: z.enum(['true', 'false']).optional().describe('Only tickets not yet solved or closed'),
  sort: z.enum(DESK_SORTS).default('sla').describe('sla: the soonest due first; newest; updated: the latest activity first'),
});
export type DeskTicketQuery = z.infer<typeof deskTicketQuerySchema>;

export const ticketIdParamsSchema = z.object({ id: z.string().uuid() });
export const ticketAttachmentParamsSchema = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() });

export const supportEngineerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), is_super_admin: z.boolean() });
export type SupportEngineer = z.infer<typeof supportEngineerSchema>;
export const supportEngineerListSchema = z.array(supportEngineerSchema);
export const supportEngineerGrantSchema = z.strictObject({
  // storableText: an address with a NUL is no one's, and PostgreSQL refuses it in a query (400, never a 500).
  email: storableText().trim().max(254).min(1, textInputMessages.required),
  is_support_engineer: z.boolean(),
});
