import {
  statusAfterReply,
  statusChangeProblem,
  type Ticket,
  type TicketAttachment,
  type TicketListQuery,
  type TicketRaiseBody,
  type TicketReplyBody,
  type TicketStatus,
  type TicketThread,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { UserRow } from '../../identity/repo';
import * as repo from './repo';
import type { TicketAnnouncer, TicketContextSource, TicketHelpdesks } from './ports';
import { attachOwn, download, storeUpload, threadOf, unprocessable } from './thread';
import { slaClockAfter, ticketAnswer, workedElsewhere } from './view';

const DAY_MS = 24 * 60 * 60_000;

const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** What the tenant does with its tickets, wherever they are worked: the built-in desk or a connected helpdesk. */
interface TicketMethodHandler {
  raise(actor: Actor, user: UserRow, body: TicketRaiseBody & { attachment_ids: string[] }, browser: string | null): Promise<Ticket>;
  list(actor: Actor, q: TicketListQuery): Promise<{ rows: Ticket[]; total: number }>;
  thread(actor: Actor, id: string): Promise<TicketThread>;
  reply(actor: Actor, user: UserRow, id: string, body: TicketReplyBody & { attachment_ids: string[] }): Promise<TicketThread>;
  markSolved(actor: Actor, id: string): Promise<TicketThread>;
}

/** Where tickets go when a helpdesk is connected, and how its sync hears there is work. */
export interface ExternalHelpdesks {
  helpdesks: TicketHelpdesks;
  /** Something is due for the helpdesk now (a new ticket, a reply). */
  wake: () => void;
}

/**
 * The tenant's side of its tickets: any member who reads the console (viewers too) raises
 * tickets, follows them, answers and marks them solved. Internal notes never reach it. While a
 * helpdesk is connected, a ticket is raised there (Netloom keeps its copy and sends it, see
 * helpdesk-sync.ts) and Track Status reads the helpdesk's status and replies the same way.
 */
export class HelpdeskTickets implements TicketMethodHandler {
  constructor(
    private readonly db: Db,
    private readonly context: TicketContextSource,
    private readonly announce: TicketAnnouncer,
    private readonly external: ExternalHelpdesks,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async raise(actor: Actor, user: UserRow, body: TicketRaiseBody & { attachment_ids: string[] }, browser: string | null): Promise<Ticket> {
    const device = body.device_id ? await this.context.device(actor, body.device_id) : null;
    if (body.device_id && !device) throw unprocessable({ device_id: ['The device is not one of this organisation.'] });
    const now = this.now();
    const id = crypto.randomUUID();
    const integration = await this.external.helpdesks.methodFor(actor.scope.tenantId);
    await this.db.transaction(async (tx) => {
      await repo.insert(tx, {
        id,
        tenantId: actor.scope.tenantId,
        method: integration?.type ?? 'helpdesk',
        integrationOwner: integration?.owner ?? null,
        nextSyncAt: integration ? now : null,
        subject: body.subject,
        description: body.description,
        product: body.product,
        priority: body.priority ?? 'normal',
        category: body.category,
        status: 'open',
        deviceId: device?.id ?? null,
        context: { device, browser: browser?.slice(0, 500) ?? null, console_version: body.console_version ?? null },
        requesterId: user.id,
        requesterName: displayName(user),
        requesterEmail: user.email,
        createdAt: now,
        updatedAt: now,
      });
      await attachOwn(tx, body.attachment_ids, user.id, id, null);
      await audit(tx, actor, 'ticket.raised', body.subject, { id, priority: body.priority ?? 'normal', method: integration?.type ?? 'helpdesk' });
    });
    if (integration) this.external.wake();
    await this.announceBoth(actor.scope.tenantId, id, 'created');
    return ticketAnswer((await repo.find(this.db, id))!, await repo.attachmentsOf(this.db, id), this.now());
  }

  async list(actor: Actor, q: TicketListQuery) {
    const until = q.end_date ? new Date(Date.parse(q.end_date) + DAY_MS) : undefined;
    const page = q.page_size === 0 ? { offset: 0, limit: null } : { offset: (q.page - 1) * q.page_size, limit: q.page_size };
    const { rows, total } = await repo.list(
      this.db,
      { tenantId: actor.scope.tenantId, status: q.status, priority: q.priority, from: q.start_date ? new Date(q.start_date) : undefined, until },
      'newest',
      page,
    );
    const now = this.now();
    return { rows: rows.map((r) => ticketAnswer(r, [], now)), total };
  }

  private async own(actor: Actor, id: string): Promise<repo.TicketRow> {
    const row = await repo.find(this.db, id, actor.scope.tenantId);
    if (!row) throw errors.notFound();
    return row;
  }

  async thread(actor: Actor, id: string): Promise<TicketThread> {
    return threadOf(this.db, await this.own(actor, id), 'customer', this.now());
  }

  /** A public answer of the customer: the provider has the turn again, a solved ticket reopens; a closed one stays closed. */
  async reply(actor: Actor, user: UserRow, id: string, body: TicketReplyBody & { attachment_ids: string[] }): Promise<TicketThread> {
    const row = await this.own(actor, id);
    if (row.ticket.status === 'closed') throw errors.conflict('A closed ticket cannot change: raise a new ticket');
    const now = this.now();
    const external = row.ticket.method !== 'helpdesk';
    await this.db.transaction(async (tx) => {
      const messageId = crypto.randomUUID();
      await repo.insertMessage(tx, {
        id: messageId,
        ticketId: id,
        authorId: user.id,
        authorName: displayName(user),
        side: 'customer',
        body: body.body,
        // The helpdesk hears it from the sync; kept here until it has.
        toSend: external,
        createdAt: now,
      });
      await attachOwn(tx, body.attachment_ids, user.id, id, messageId);
      const status = statusAfterReply(row.ticket.status as TicketStatus, 'customer');
      await repo.update(tx, id, {
        status,
        updatedAt: now,
        ...slaClockAfter(row.ticket, status, now),
        ...(status !== 'solved' ? { solvedAt: null } : {}),
        ...(external ? { nextSyncAt: now } : {}),
      });
    });
    if (external) this.external.wake();
    await this.announceBoth(actor.scope.tenantId, id, 'reply');
    return this.thread(actor, id);
  }

  async markSolved(actor: Actor, id: string): Promise<TicketThread> {
    const row = await this.own(actor, id);
    if (row.ticket.method !== 'helpdesk') throw errors.conflict(workedElsewhere(row.ticket));
    const problem = statusChangeProblem(row.ticket.status as TicketStatus, 'solved', 'customer');
    if (problem) throw errors.conflict(problem);
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await repo.update(tx, id, { status: 'solved', solvedAt: now, updatedAt: now, ...slaClockAfter(row.ticket, 'solved', now) });
      await audit(tx, actor, 'ticket.solved', row.ticket.subject, { id });
    });
    await this.announceBoth(actor.scope.tenantId, id, 'status');
    return this.thread(actor, id);
  }

  upload(user: UserRow, filename: string, content: Buffer): Promise<TicketAttachment> {
    return storeUpload(this.db, user.id, filename, content, this.now());
  }

  async attachment(actor: Actor, ticketId: string, attachmentId: string) {
    await this.own(actor, ticketId);
    return download(this.db, ticketId, attachmentId, 'customer');
  }

  private async announceBoth(tenantId: string, ticketId: string, change: 'created' | 'reply' | 'status') {
    await Promise.all([this.announce.tenant(tenantId, ticketId, change), this.announce.desk(tenantId, ticketId, change)]);
  }
}
