import type { FastifyBaseLogger } from 'fastify';
import {
  HELPDESK_LABELS,
  externalDescription,
  helpdeskRetryDelayMs,
  type ExternalComment,
  type HelpdeskPriority,
  type HelpdeskType,
  type TicketStatus,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import * as repo from './repo';
import type { HelpdeskFailure, TicketAnnouncer, TicketHelpdeskClient, TicketHelpdesks } from './ports';

const BATCH = 10;
/** A claimed ticket is another instance's again after this, should this one stop half-way (a helpdesk call may take 30 s). */
const LEASE_MS = 3 * 60_000;

export interface TicketHelpdeskSyncOptions {
  db: Db;
  helpdesks: TicketHelpdesks;
  announce: TicketAnnouncer;
  log: FastifyBaseLogger;
  /** How often an open ticket's status and replies are read when no webhook says it changed. */
  pollMs: number;
  now?: () => Date;
}

const asFailure = (err: unknown, label: string): HelpdeskFailure => {
  const e = err as Partial<HelpdeskFailure> | null;
  if (e && typeof e.message === 'string' && typeof e.retryable === 'boolean')
    return { message: e.message, retryable: e.retryable, retryAfterMs: e.retryAfterMs ?? null };
  return { message: `${label} could not be reached`, retryable: true, retryAfterMs: null };
};

const when = (iso: string, fallback: Date) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? fallback : at;
};

/**
 * Keeps the tickets raised while a helpdesk is connected in step with it. Each ticket is a row with
 * the time its helpdesk is due a call, so the work outlives restarts and any instance does it:
 * a ticket is created there (with its context), the customer's replies follow, and the helpdesk's
 * status and agents' public replies are read back on every poll or webhook. A failed call is tried
 * again later (at least what Retry-After asked); nothing the customer wrote is dropped.
 */
export class TicketHelpdeskSync {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly now: () => Date;

  constructor(private readonly o: TicketHelpdeskSyncOptions) {
    this.now = o.now ?? (() => new Date());
  }

  start(everyMs: number): void {
    this.timer = setInterval(() => void this.round(), everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    await this.running;
  }

  /** A round soon (after a raise, a reply or a webhook). */
  wake(): void {
    if (this.stopped || this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.round();
    }, 0);
    this.soon.unref();
  }

  /** Everything due now, a batch at a time; after any round under way, so one instance runs one round at a time. */
  round(): Promise<void> {
    this.running = this.running.then(() => this.dueNow());
    return this.running;
  }

  private async dueNow(): Promise<void> {
    try {
      for (let batch = BATCH; batch === BATCH && !this.stopped;) {
        const claimed = await repo.claimDueSync(this.o.db, this.now(), LEASE_MS, BATCH);
        batch = claimed.length;
        await Promise.all(claimed.map((row) => this.sync(row)));
      }
    } catch (err) {
      if (!isDatabaseUnavailable(err)) this.o.log.error({ err }, 'helpdesk sync failed');
    }
  }

  /** A helpdesk's webhook named one of its tickets: read it now. */
  async webhook(owner: string, type: HelpdeskType, externalId: string): Promise<void> {
    if (await repo.syncNow(this.o.db, owner, type, externalId, this.now())) this.wake();
  }

  private async sync(row: repo.TicketRow): Promise<void> {
    const t = row.ticket;
    const type = t.method as HelpdeskType;
    const label = HELPDESK_LABELS[type];
    const client = await this.o.helpdesks.clientOf(t.integrationOwner ?? '', type);
    if (!client) return this.disconnected(row, label);
    try {
      const externalId = t.externalId ?? (await this.create(row, client));
      for (const m of await repo.unsentMessages(this.o.db, t.id)) {
        await client.reply(externalId, m.body, { name: m.authorName, email: t.requesterEmail });
        await repo.markSent(this.o.db, m.id);
      }
      await this.readBack(row, client, externalId);
    } catch (err) {
      const failure = asFailure(err, label);
      const attempts = t.syncAttempts + 1;
      const next = new Date(this.now().getTime() + helpdeskRetryDelayMs(attempts, failure));
      await repo.update(this.o.db, t.id, { syncError: failure.message.slice(0, 500), syncAttempts: attempts, nextSyncAt: next });
      this.o.log.warn({ ticket: t.id, helpdesk: type, attempts, reason: failure.message }, 'helpdesk sync: the call failed, tried again later');
      if (failure.message !== t.syncError) await this.o.announce.tenant(t.tenantId, t.id, 'status');
    }
  }

  /** Raises the ticket in the helpdesk, the context written into its description; answers the helpdesk's id. */
  private async create(row: repo.TicketRow, client: TicketHelpdeskClient): Promise<string> {
    const t = row.ticket;
    const files = (await repo.attachmentsOf(this.o.db, t.id)).length;
    const made = await client.create({
      subject: t.subject,
      description: externalDescription({ ...t, tenantName: row.tenantName }, files),
      priority: t.priority as HelpdeskPriority,
      requester: { name: t.requesterName, email: t.requesterEmail },
      reference: t.id,
    });
    await repo.update(this.o.db, t.id, { externalId: made.id, externalUrl: made.url, syncError: null, syncAttempts: 0 });
    await this.o.announce.tenant(t.tenantId, t.id, 'status');
    return made.id;
  }

  /** The helpdesk's status and its agents' new public replies into the thread; the next read is a poll away (none once closed). */
  private async readBack(row: repo.TicketRow, client: TicketHelpdeskClient, externalId: string): Promise<void> {
    const t = row.ticket;
    const [remote, comments] = await Promise.all([client.get(externalId), client.comments(externalId)]);
    const now = this.now();
    const added = await this.addReplies(t.id, comments, now);
    const status: TicketStatus = remote.status;
    const statusChanged = status !== t.status;
    await repo.update(this.o.db, t.id, {
      status,
      syncError: null,
      syncAttempts: 0,
      syncedAt: now,
      nextSyncAt: status === 'closed' ? null : new Date(now.getTime() + this.o.pollMs),
      ...(added > 0 || statusChanged ? { updatedAt: now } : {}),
      ...(added > 0 && !t.firstResponseAt ? { firstResponseAt: now } : {}),
      ...(statusChanged && status === 'solved' ? { solvedAt: now } : {}),
      ...(statusChanged && status === 'closed' ? { closedAt: now } : {}),
      ...(statusChanged && status !== 'solved' && status !== 'closed' ? { solvedAt: null } : {}),
    });
    if (added > 0) await Promise.all([this.o.announce.tenant(t.tenantId, t.id, 'reply'), this.o.announce.desk(t.tenantId, t.id, 'reply')]);
    else if (statusChanged || t.syncError) await this.o.announce.tenant(t.tenantId, t.id, 'status');
  }

  /** Agents' public comments not read before (the requester's own are the thread already); answers how many. */
  private async addReplies(ticketId: string, comments: ExternalComment[], now: Date): Promise<number> {
    const known = await repo.readExternalIds(this.o.db, ticketId);
    let added = 0;
    for (const c of comments) {
      if (!c.byAgent || known.has(c.id)) continue;
      const stored = await repo.insertExternalMessage(this.o.db, {
        id: crypto.randomUUID(),
        ticketId,
        authorId: null,
        authorName: c.author.slice(0, 200),
        side: 'provider',
        body: c.body.slice(0, 10_000),
        externalId: c.id,
        createdAt: when(c.createdAt, now),
      });
      if (stored) added++;
    }
    return added;
  }

  /**
   * Its helpdesk was disconnected (or replaced by another kind). A ticket it never took goes to
   * Netloom's own desk with its thread, so it is still answered; one it has stays as last read.
   */
  private async disconnected(row: repo.TicketRow, label: string): Promise<void> {
    const t = row.ticket;
    const now = this.now();
    if (t.externalId) {
      await repo.update(this.o.db, t.id, { syncError: `${label} is no longer connected; the ticket shows what was last read from it`, nextSyncAt: null });
      await this.o.announce.tenant(t.tenantId, t.id, 'status');
      return;
    }
    await this.o.db.transaction(async (tx) => {
      await repo.update(tx, t.id, { method: 'helpdesk', integrationOwner: null, syncError: null, syncAttempts: 0, nextSyncAt: null, updatedAt: now });
      await repo.clearUnsent(tx, t.id);
    });
    this.o.log.info({ ticket: t.id, helpdesk: label }, 'helpdesk sync: the helpdesk was disconnected first; the built-in desk takes the ticket');
    await Promise.all([this.o.announce.tenant(t.tenantId, t.id, 'status'), this.o.announce.desk(t.tenantId, t.id, 'created')]);
  }
}
