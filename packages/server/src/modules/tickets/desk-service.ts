import {
  statusAfterReply,
  statusChangeProblem,
  TICKET_STATUS_LABELS,
  type DeskReplyBody,
  type DeskTicketQuery,
  type DeskTicketUpdate,
  type SupportEngineer,
  type Ticket,
  type TicketAttachment,
  type TicketStatus,
  type TicketThread,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit-log';
import { errors } from '../../http/errors';
import type { Principal } from '../../http/principal';
import type { SessionEvents } from '../../http/principal-cache';
import type { Mailer } from '../../mail/mailer';
import { findDeskStaff, listDeskStaff, setSupportEngineer } from '../../identity/support-engineers';
import * as repo from './repo';
import type { TicketAnnouncer } from './ports';
import { download, storeUpload, threadOf, unprocessable, attachOwn } from './thread';
import { slaClockAfter, ticketAnswer, workedElsewhere } from './view';

export interface DeskOptions {
  db: Db;
  mailer: Mailer;
  announce: TicketAnnouncer;
  sessionEvents: Pick<SessionEvents, 'userChanged'>;
  /** Where the requester's e-mail links to. */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  now?: () => Date;
}

const nameOf = (p: Principal) => `${p.user.firstName} ${p.user.lastName}`.trim() || p.user.email;

/**
 * The provider's support desk: super admins and support engineers work every tenant's tickets
 * (queue, assignment, replies, internal notes, status and priority), and nothing else of a tenant.
 * Changes are audited in the ticket's tenant; the requester hears of public replies by e-mail.
 */
export class SupportDesk {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(private readonly o: DeskOptions) {
    this.db = o.db;
    this.now = o.now ?? (() => new Date());
  }

  async list(q: DeskTicketQuery, me: Principal): Promise<{ rows: Ticket[]; total: number }> {
    const now = this.now();
    const page = q.page_size === 0 ? { offset: 0, limit: null } : { offset: (q.page - 1) * q.page_size, limit: q.page_size };
    const assignee = q.assignee === 'me' ? me.user.id : q.assignee === 'none' ? null : q.assignee;
    const { rows, total } = await repo.list(
      this.db,
      {
        tenantId: q.tenant_id,
        status: q.status,
        priority: q.priority,
        assignee,
        breached: q.breached ? { value: q.breached === 'true', now } : undefined,
        unsolved: q.unsolved === 'true',
      },
      q.sort ?? 'sla',
      page,
    );
    return { rows: rows.map((r) => ticketAnswer(r, [], now)), total };
  }

  private async row(id: string): Promise<repo.TicketRow> {
    const row = await repo.find(this.db, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async thread(id: string): Promise<TicketThread> {
    return threadOf(this.db, await this.row(id), 'provider', this.now());
  }

  /** A public reply (mailed to the requester, the first one meets the first-response target) or an internal note (the desk's only). */
  async reply(me: Principal, id: string, body: DeskReplyBody & { attachment_ids: string[]; internal: boolean }): Promise<TicketThread> {
    const row = await this.row(id);
    const from = row.ticket.status as TicketStatus;
    if (from === 'closed') throw errors.conflict('A closed ticket cannot change: raise a new ticket');
    // Its agents answer in the connected helpdesk; the desk may still leave itself a note.
    if (!body.internal && row.ticket.method !== 'helpdesk') throw errors.conflict(workedElsewhere(row.ticket));
    const now = this.now();
    const status = body.internal ? from : statusAfterReply(from, 'desk', body.status);
    await this.db.transaction(async (tx) => {
      const messageId = crypto.randomUUID();
      await repo.insertMessage(tx, {
        id: messageId,
        ticketId: id,
        authorId: me.user.id,
        authorName: nameOf(me),
        side: 'provider',
        body: body.body,
        internal: body.internal,
        createdAt: now,
      });
      await attachOwn(tx, body.attachment_ids, me.user.id, id, messageId);
      await repo.update(tx, id, {
        updatedAt: now,
        ...(body.internal ? {} : { status, ...slaClockAfter(row.ticket, status, now), ...(row.ticket.firstResponseAt ? {} : { firstResponseAt: now }) }),
        ...(status === 'solved' && from !== 'solved' ? { solvedAt: now } : {}),
        ...(status !== 'solved' && from === 'solved' ? { solvedAt: null } : {}),
      });
    });
    await this.o.announce.desk(row.ticket.tenantId, id, 'reply');
    if (!body.internal) {
      await this.o.announce.tenant(row.ticket.tenantId, id, 'reply');
      await this.mailRequester(row, me, body.body, status);
    }
    return this.thread(id);
  }

  private async mailRequester(row: repo.TicketRow, me: Principal, text: string, status: TicketStatus): Promise<void> {
    const t = row.ticket;
    try {
      await this.o.mailer.send({
        to: t.requesterEmail,
        subject: `[Ticket #${t.number}] ${t.subject}`,
        text: [
          `${nameOf(me)} of support replied to your ticket #${t.number} (${TICKET_STATUS_LABELS[status]}):`,
          '',
          text,
          '',
          `Read the ticket and answer: ${this.o.publicUrl}/support/ticket/helpdesk/trackTicket?ticket=${t.id}`,
        ].join('\n'),
      });
    } catch (err) {
      // The reply is stored and shown live; a mail server that is down does not undo it.
      this.o.log.error({ err, ticket: t.id }, 'ticket reply: the e-mail to the requester could not be sent');
    }
  }

  async update(me: Principal, ip: string, id: string, change: DeskTicketUpdate): Promise<TicketThread> {
    const row = await this.row(id);
    const from = row.ticket.status as TicketStatus;
    if ((change.status || change.priority) && row.ticket.method !== 'helpdesk') throw errors.conflict(workedElsewhere(row.ticket));
    if (change.status && change.status !== from) {
      const problem = statusChangeProblem(from, change.status, 'desk');
      if (problem) throw errors.conflict(problem);
    } else if (from === 'closed') throw errors.conflict('A closed ticket cannot change: raise a new ticket');
    if (change.assignee_id && !(await findDeskStaff(this.db, change.assignee_id)))
      throw unprocessable({ assignee_id: ['Assign the ticket to a support engineer or super admin.'] });
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await repo.update(tx, id, {
        updatedAt: now,
        ...(change.priority ? { priority: change.priority } : {}),
        ...(change.assignee_id !== undefined ? { assigneeId: change.assignee_id } : {}),
        ...(change.status && change.status !== from
          ? { status: change.status, solvedAt: change.status === 'solved' ? now : null, ...slaClockAfter(row.ticket, change.status, now) }
          : {}),
      });
      await recordAudit(tx, {
        tenantId: row.ticket.tenantId,
        actorId: me.user.id,
        actorEmail: me.user.email,
        action: 'ticket.updated',
        target: row.ticket.subject,
        details: { id, ...change, via_support_desk: true },
        ip,
      });
    });
    if (change.status && change.status !== from) await this.o.announce.tenant(row.ticket.tenantId, id, 'status');
    await this.o.announce.desk(row.ticket.tenantId, id, 'status');
    return this.thread(id);
  }

  upload(me: Principal, filename: string, content: Buffer): Promise<TicketAttachment> {
    return storeUpload(this.db, me.user.id, filename, content, this.now());
  }

  async attachment(ticketId: string, attachmentId: string) {
    await this.row(ticketId);
    return download(this.db, ticketId, attachmentId, 'provider');
  }

  tenants() {
    return repo.tenantsWithTickets(this.db);
  }

  async engineers(): Promise<SupportEngineer[]> {
    return (await listDeskStaff(this.db)).map((s) => ({ id: s.id, name: s.name, email: s.email, is_super_admin: s.isSuperAdmin }));
  }

  /** A super admin grants or revokes the support engineer role; the user's cached rights are dropped on every instance. */
  async setEngineer(me: Principal, ip: string, email: string, flag: boolean): Promise<SupportEngineer[]> {
    const user = await this.db.transaction(async (tx) => {
      const changed = await setSupportEngineer(tx, email, flag);
      if (!changed) throw errors.invalid({ email: ['No user has this e-mail.'] }, 'No user has this e-mail.');
      await recordAudit(tx, {
        tenantId: null,
        actorId: me.user.id,
        actorEmail: me.user.email,
        action: flag ? 'support_engineer.granted' : 'support_engineer.revoked',
        target: changed.email,
        details: { user_id: changed.id },
        ip,
      });
      return changed;
    });
    await this.o.sessionEvents.userChanged(user.id);
    return this.engineers();
  }

  /** Solved tickets close by themselves after `days`; a customer's reply before then reopens instead. */
  closeSolved(days: number, db: Db = this.db): Promise<number> {
    const now = this.now();
    return repo.closeSolvedBefore(db, new Date(now.getTime() - days * 24 * 60 * 60_000), now);
  }

  /** Uploads never attached to a ticket or reply go after a day. */
  sweepUnattached(db: Db = this.db): Promise<number> {
    return repo.deleteUnattached(db, new Date(this.now().getTime() - 24 * 60 * 60_000));
  }
}
