import { bigint, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import type { TicketContext } from '@netloom/domain';
import { tenants } from './tenants';
import { users } from './users';

// Owner: modules/tickets.

/** A file's bytes as PostgreSQL's bytea; both drivers hand back a Uint8Array or Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Support tickets of the built-in helpdesk: raised by a tenant's user, worked by the provider's
 * desk. The context (device, firmware, sync state, alarms, browser) is kept as it was when raised.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    /** The number people quote; one sequence for the whole desk. */
    number: serial('number').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** 'helpdesk' (built in), or the type of the connected helpdesk it was raised in ('zendesk', …). */
    method: text('method').notNull().default('helpdesk'),
    /** Whose helpdesk integration took it (a tenant's id or 'provider'); null for the built-in desk. */
    integrationOwner: text('integration_owner'),
    /** The helpdesk's number or key for it; null until the helpdesk took it. */
    externalId: text('external_id'),
    /** Where the helpdesk's agents open it. */
    externalUrl: text('external_url'),
    /** Why the last call to the helpdesk failed; null after one that worked. */
    syncError: text('sync_error'),
    /** Failed calls in a row (the retry waits longer with each). */
    syncAttempts: integer('sync_attempts').notNull().default(0),
    /** When the helpdesk is called next about it (sent, read back); null: nothing to do. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** When its status and replies were last read from the helpdesk. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    product: text('product').notNull(),
    priority: text('priority').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('open'),
    /** Kept when the device goes: the context still names it. */
    deviceId: uuid('device_id'),
    context: jsonb('context').$type<TicketContext>().notNull(),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    /** As raised, so the thread still names someone who left. */
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    /** How long the resolution clock stood still in earlier waits (pending, on hold), in ms. */
    slaPausedMs: bigint('sla_paused_ms', { mode: 'number' }).notNull().default(0),
    /** Since when it stands still now; null while it runs. */
    slaPausedAt: timestamp('sla_paused_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_number_idx').on(t.number),
    index('tickets_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('tickets_status_idx').on(t.status, t.solvedAt),
    index('tickets_next_sync_idx').on(t.nextSyncAt),
    index('tickets_external_idx').on(t.method, t.externalId),
  ],
);

/** The thread: public replies of both sides and the desk's internal notes. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** 'customer' or 'provider'. */
    side: text('side').notNull(),
    body: text('body').notNull(),
    /** Desk only; never in the tenant's thread. */
    internal: boolean('internal').notNull().default(false),
    /** A reply read from the connected helpdesk: its comment id there (read once). */
    externalId: text('external_id'),
    /** The customer's reply still to be sent to the connected helpdesk. */
    toSend: boolean('to_send').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt), uniqueIndex('ticket_messages_external_idx').on(t.ticketId, t.externalId)],
);

/**
 * Files uploaded first and then attached to a ticket or a reply by their uploader: until then
 * ticket_id is null (an unattached file is swept after a day).
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null: on the ticket itself (its description). */
    messageId: uuid('message_id').references(() => ticketMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId), index('ticket_attachments_uploader_idx').on(t.uploadedBy, t.createdAt)],
);
