import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { TICKET_SLA_TARGETS, type TicketPriority } from '@netloom/domain';
import type { Db } from '../../db/client';
import { ticketAttachments, ticketMessages, tickets } from '../../db/schema/tickets';
import { tenants, users } from '../../db/read-models/identity';

export type StoredTicket = typeof tickets.$inferSelect;
export type NewTicket = Omit<typeof tickets.$inferInsert, 'number'>;
export type StoredMessage = typeof ticketMessages.$inferSelect;
export type AttachmentMeta = Omit<typeof ticketAttachments.$inferSelect, 'content'>;

/** A ticket with the names the answer shows: its tenant's and its assignee's. */
export interface TicketRow {
  ticket: StoredTicket;
  tenantName: string;
  assignee: { id: string; email: string; firstName: string; lastName: string } | null;
}

const attachmentMeta = {
  id: ticketAttachments.id,
  uploadedBy: ticketAttachments.uploadedBy,
  ticketId: ticketAttachments.ticketId,
  messageId: ticketAttachments.messageId,
  filename: ticketAttachments.filename,
  contentType: ticketAttachments.contentType,
  size: ticketAttachments.size,
  createdAt: ticketAttachments.createdAt,
};

const priorityMs = (pick: 'firstResponseMs' | 'resolutionMs') =>
  sql.join(
    (Object.keys(TICKET_SLA_TARGETS) as TicketPriority[]).map((p) => sql`when ${p} then ${TICKET_SLA_TARGETS[p][pick]}::bigint`),
    sql` `,
  );

/**
 * When the target due next is due (the first reply until sent, then solving); null once solved or
 * closed. Solving's due time moves on by every wait on the customer (ticket-sla.ts counts the same).
 */
const nextDue = sql<Date | null>`case
  when ${tickets.status} in ('solved', 'closed') then null
  when ${tickets.firstResponseAt} is null then ${tickets.createdAt} + (case ${tickets.priority} ${priorityMs('firstResponseMs')} end) * interval '1 millisecond'
  else ${tickets.createdAt} + (case ${tickets.priority} ${priorityMs('resolutionMs')} end + ${tickets.slaPausedMs}) * interval '1 millisecond'
    + coalesce(now() - ${tickets.slaPausedAt}, interval '0') end`;

export interface TicketFilter {
  tenantId?: string;
  status?: string;
  priority?: string;
  /** Raised at or after, before. */
  from?: Date;
  until?: Date;
  assignee?: string | null;
  /** Past (true) or within (false) the target due next, at `now`. */
  breached?: { value: boolean; now: Date };
  unsolved?: boolean;
}

function where(f: TicketFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.tenantId) parts.push(eq(tickets.tenantId, f.tenantId));
  if (f.status) parts.push(eq(tickets.status, f.status));
  if (f.priority) parts.push(eq(tickets.priority, f.priority));
  if (f.from) parts.push(gte(tickets.createdAt, f.from));
  if (f.until) parts.push(lt(tickets.createdAt, f.until));
  if (f.assignee === null) parts.push(isNull(tickets.assigneeId));
  else if (f.assignee) parts.push(eq(tickets.assigneeId, f.assignee));
  if (f.breached) parts.push(f.breached.value ? sql`${nextDue} < ${f.breached.now}` : sql`(${nextDue} is null or ${nextDue} >= ${f.breached.now})`);
  if (f.unsolved) parts.push(inArray(tickets.status, ['open', 'pending', 'on_hold']));
  return and(...parts);
}

const selectRows = (db: Db) =>
  db
    .select({ ticket: tickets, tenantName: tenants.name, assignee: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(tickets)
    .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
    .leftJoin(users, eq(users.id, tickets.assigneeId));

const ORDER = {
  newest: [desc(tickets.createdAt), desc(tickets.id)],
  updated: [desc(tickets.updatedAt), desc(tickets.id)],
  sla: [sql`${nextDue} asc nulls last`, asc(tickets.createdAt)],
} as const;

export async function list(
  db: Db,
  filter: TicketFilter,
  sort: keyof typeof ORDER,
  page: { offset: number; limit: number | null },
): Promise<{ rows: TicketRow[]; total: number }> {
  const w = where(filter);
  const query = selectRows(db)
    .where(w)
    .orderBy(...ORDER[sort])
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([page.limit === null ? query : query.limit(page.limit), db.select({ n: count() }).from(tickets).where(w)]);
  return { rows: rows.map((r) => ({ ...r, assignee: r.assignee?.id ? r.assignee : null })), total: total?.n ?? 0 };
}

/** One ticket, in the tenant when one is named (another tenant's answers nothing). */
export async function find(db: Db, id: string, tenantId?: string): Promise<TicketRow | null> {
  const [r] = await selectRows(db).where(and(eq(tickets.id, id), tenantId ? eq(tickets.tenantId, tenantId) : undefined));
  return r ? { ...r, assignee: r.assignee?.id ? r.assignee : null } : null;
}

export async function insert(db: Db, row: NewTicket): Promise<StoredTicket> {
  const [stored] = await db.insert(tickets).values(row).returning();
  return stored!;
}

export async function update(db: Db, id: string, change: Partial<Omit<StoredTicket, 'id' | 'number' | 'tenantId'>>): Promise<void> {
  await db.update(tickets).set(change).where(eq(tickets.id, id));
}

export async function insertMessage(db: Db, row: typeof ticketMessages.$inferInsert): Promise<StoredMessage> {
  const [stored] = await db.insert(ticketMessages).values(row).returning();
  return stored!;
}

/** The thread, oldest first; without internal notes unless asked. */
export async function messages(db: Db, ticketId: string, withInternal: boolean): Promise<StoredMessage[]> {
  return db
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticketId), withInternal ? undefined : eq(ticketMessages.internal, false)))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export async function attachmentsOf(db: Db, ticketId: string): Promise<AttachmentMeta[]> {
  return db.select(attachmentMeta).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId)).orderBy(asc(ticketAttachments.createdAt));
}

export async function insertAttachment(db: Db, row: typeof ticketAttachments.$inferInsert): Promise<AttachmentMeta> {
  const [stored] = await db.insert(ticketAttachments).values(row).returning(attachmentMeta);
  return stored!;
}

/**
 * Attaches the uploader's own unattached files to a ticket (and a message); answers how many were
 * attached, so that a caller naming a file that is not theirs, or already used, can refuse.
 */
export async function attach(db: Db, ids: string[], uploadedBy: string, ticketId: string, messageId: string | null): Promise<number> {
  if (ids.length === 0) return 0;
  const done = await db
    .update(ticketAttachments)
    .set({ ticketId, messageId })
    .where(and(inArray(ticketAttachments.id, ids), eq(ticketAttachments.uploadedBy, uploadedBy), isNull(ticketAttachments.ticketId)))
    .returning({ id: ticketAttachments.id });
  return done.length;
}

/** A file's bytes, if it belongs to the ticket and (for the tenant) not to an internal note. */
export async function attachmentContent(db: Db, ticketId: string, id: string, withInternal: boolean) {
  const [row] = await db
    .select({ filename: ticketAttachments.filename, contentType: ticketAttachments.contentType, content: ticketAttachments.content })
    .from(ticketAttachments)
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .where(
      and(
        eq(ticketAttachments.id, id),
        eq(ticketAttachments.ticketId, ticketId),
        withInternal ? undefined : sql`coalesce(${ticketMessages.internal}, false) = false`,
      ),
    );
  return row ?? null;
}

/** Solved tickets past their closing time close; answers how many. */
export async function closeSolvedBefore(db: Db, solvedBefore: Date, now: Date): Promise<number> {
  const closed = await db
    .update(tickets)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    // A connected helpdesk closes its own tickets; Netloom reads that back.
    .where(and(eq(tickets.status, 'solved'), eq(tickets.method, 'helpdesk'), lt(tickets.solvedAt, solvedBefore)))
    .returning({ id: tickets.id });
  return closed.length;
}

/** Files uploaded and never attached, older than `before`. */
export async function deleteUnattached(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(ticketAttachments)
    .where(and(isNull(ticketAttachments.ticketId), lt(ticketAttachments.createdAt, before)))
    .returning({ id: ticketAttachments.id });
  return gone.length;
}

/** The tenants that have tickets, for the desk's filter. */
export async function tenantsWithTickets(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: tenants.id, name: tenants.name })
    .from(tickets)
    .innerJoin(tenants, eq(tenants.id, tickets.tenantId))
    .orderBy(asc(tenants.name));
}

/**
 * Tickets whose helpdesk is due a call (to send them, their replies, or to read them back), the
 * longest waiting first; each is leased so no other instance takes it meanwhile (SKIP LOCKED).
 */
export async function claimDueSync(db: Db, now: Date, leaseMs: number, limit: number): Promise<TicketRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(ne(tickets.method, 'helpdesk'), lte(tickets.nextSyncAt, now)))
      .orderBy(asc(tickets.nextSyncAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx
      .update(tickets)
      .set({ nextSyncAt: new Date(now.getTime() + leaseMs) })
      .where(inArray(tickets.id, ids));
    const rows = await selectRows(tx).where(inArray(tickets.id, ids));
    return rows.map((r) => ({ ...r, assignee: r.assignee?.id ? r.assignee : null }));
  });
}

/** A helpdesk's webhook named this ticket of that integration: it is read again now. Answers whether one matched. */
export async function syncNow(db: Db, owner: string, method: string, externalId: string, now: Date): Promise<boolean> {
  const hit = await db
    .update(tickets)
    .set({ nextSyncAt: now })
    .where(and(eq(tickets.integrationOwner, owner), eq(tickets.method, method), eq(tickets.externalId, externalId)))
    .returning({ id: tickets.id });
  return hit.length > 0;
}

/** The customer's replies still to be sent to the ticket's helpdesk, oldest first. */
export async function unsentMessages(db: Db, ticketId: string): Promise<StoredMessage[]> {
  return db
    .select()
    .from(ticketMessages)
    .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.toSend, true)))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
}

export async function markSent(db: Db, messageId: string): Promise<void> {
  await db.update(ticketMessages).set({ toSend: false }).where(eq(ticketMessages.id, messageId));
}

/** Nothing is left to send: the ticket went back to the built-in desk, where the thread already holds these replies. */
export async function clearUnsent(db: Db, ticketId: string): Promise<void> {
  await db.update(ticketMessages).set({ toSend: false }).where(eq(ticketMessages.ticketId, ticketId));
}

/** The helpdesk's comments already read into the thread. */
export async function readExternalIds(db: Db, ticketId: string): Promise<Set<string>> {
  const rows = await db.select({ id: ticketMessages.externalId }).from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
  return new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
}

/** A reply read from the helpdesk; once only, even when two instances read it at the same time. */
export async function insertExternalMessage(db: Db, row: typeof ticketMessages.$inferInsert): Promise<boolean> {
  const done = await db.insert(ticketMessages).values(row).onConflictDoNothing().returning({ id: ticketMessages.id });
  return done.length > 0;
}
