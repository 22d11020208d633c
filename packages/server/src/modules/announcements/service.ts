import type { FastifyBaseLogger } from 'fastify';
import { announcementState, canReadConsole, type AdminAnnouncement, type AnnouncementBody, type Announcement } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import { recordAudit } from '../../db/audit-log';
import { isForeignKeyViolation } from '../../db/errors';
import { errors } from '../../http/errors';
import { resolveTenantScope, type Principal } from '../../http/principal';
import { sweepPeriodically } from '../../db/periodic-sweep';
import { findTenant } from '../../identity/repo';
import * as repo from './repo';

/** Who reads announcements: a user in a tenant, or a super admin who chose none (then every live one). */
export interface Viewer {
  userId: string;
  tenantId: string | null;
}

const unknownTenants = (ids: string[]) => errors.invalid({ tenant_ids: [`Unknown tenant: ${ids.join(', ')}`] });

function toAdmin(a: repo.StoredAnnouncement, now: Date): AdminAnnouncement {
  const window = { starts_at: a.startsAt.toISOString(), ends_at: a.endsAt?.toISOString() ?? null };
  return {
    id: a.id,
    title: a.title,
    body: a.body,
    audience: a.audience as AdminAnnouncement['audience'],
    tenants: a.tenants,
    ...window,
    created_at: a.createdAt.toISOString(),
    state: announcementState(window, now),
  };
}

/**
 * What super admins tell tenants' users: posted with an audience (all tenants or chosen ones) and
 * a window, shown to those users while the window is open, each user's reads kept. Every change,
 * and every start or end as it passes, is announced on the bus for the live sockets.
 */
export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ------------------------------------------------------------ super admins

  async list(page: { offset: number; limit: number | null }): Promise<{ rows: AdminAnnouncement[]; total: number }> {
    const now = new Date();
    const { rows, total } = await repo.listAll(this.db, page);
    return { rows: rows.map((a) => toAdmin(a, now)), total };
  }

  async create(by: Principal, ip: string, body: AnnouncementBody): Promise<AdminAnnouncement> {
    const write = await this.checked(body);
    const id = crypto.randomUUID();
    const now = new Date();
    await this.writing(() =>
      this.db.transaction(async (tx) => {
        await repo.insert(tx, id, write, by.user.id, now);
        await this.audit(tx, by, ip, 'announcement.created', id, write);
      }),
    );
    return this.announced(id);
  }

  async update(by: Principal, ip: string, id: string, body: AnnouncementBody): Promise<AdminAnnouncement> {
    const write = await this.checked(body);
    const before = await repo.find(this.db, id);
    if (!before) throw errors.notFound();
    await this.writing(() =>
      this.db.transaction(async (tx) => {
        if (!(await repo.update(tx, id, write, new Date()))) throw errors.notFound();
        await this.audit(tx, by, ip, 'announcement.updated', id, write);
      }),
    );
    // Consoles that showed it and no longer do (a tenant taken off the audience) read theirs again too.
    return this.announced(id, repo.audienceOf(before));
  }

  async remove(by: Principal, ip: string, id: string): Promise<void> {
    const before = await repo.find(this.db, id);
    if (!before) throw errors.notFound();
    await this.db.transaction(async (tx) => {
      if (!(await repo.remove(tx, id))) throw errors.notFound();
      await recordAudit(tx, {
        tenantId: null,
        actorId: by.user.id,
        actorEmail: by.user.email,
        action: 'announcement.deleted',
        target: before.title,
        details: { id },
        ip,
      });
    });
    await this.publish(id, repo.audienceOf(before));
  }

  /** The body as stored: chosen tenants deduplicated and known to exist; none for 'all'. */
  private async checked(body: AnnouncementBody): Promise<repo.AnnouncementWrite> {
    const tenantIds = body.audience === 'tenants' ? [...new Set(body.tenant_ids)] : [];
    const known = await repo.existingTenants(this.db, tenantIds);
    const missing = tenantIds.filter((t) => !known.has(t));
    if (missing.length) throw unknownTenants(missing);
    return {
      title: body.title,
      body: body.body,
      audience: body.audience,
      tenantIds,
      startsAt: new Date(body.starts_at),
      endsAt: body.ends_at ? new Date(body.ends_at) : null,
    };
  }

  /** A chosen tenant deleted between the check and the write is the same field error. */
  private async writing(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (e) {
      if (isForeignKeyViolation(e)) throw errors.invalid({ tenant_ids: ['Unknown tenant'] });
      throw e;
    }
  }

  /** The provider's own change: in the log without a tenant, as the other provider-wide changes. */
  private async audit(tx: Db, by: Principal, ip: string, action: string, id: string, w: repo.AnnouncementWrite) {
    await recordAudit(tx, {
      tenantId: null,
      actorId: by.user.id,
      actorEmail: by.user.email,
      action,
      target: w.title,
      details: { id, audience: w.audience, tenant_ids: w.tenantIds, starts_at: w.startsAt.toISOString(), ends_at: w.endsAt?.toISOString() ?? null },
      ip,
    });
  }

  /** Reads back what was written and tells its audience (and the one it had before, if any). */
  private async announced(id: string, before: repo.Audience = []): Promise<AdminAnnouncement> {
    const row = await repo.find(this.db, id);
    if (!row) throw errors.notFound();
    const now = repo.audienceOf(row);
    await this.publish(id, now === 'all' || before === 'all' ? 'all' : [...new Set([...before, ...now])]);
    return toAdmin(row, new Date());
  }

  /** Best effort, after the commit: a console that misses it reads the list again when it reconnects. */
  private async publish(id: string, audience: repo.Audience): Promise<void> {
    try {
      await this.bus.publish(topics.announcements(), { kind: 'announcement', id, audience });
    } catch (err) {
      this.log.warn({ err, announcement: id }, 'announcement change not published');
    }
  }

  // ------------------------------------------------------------ tenants' users

  /** The tenant the request names, resolved as every tenant call does; a super admin may name none. */
  async viewerOf(principal: Principal, tenantId: string | undefined): Promise<Viewer> {
    if (principal.user.isSuperAdmin && !tenantId) return { userId: principal.user.id, tenantId: null };
    const scope = await resolveTenantScope(principal, tenantId, async (id) => {
      const t = await findTenant(this.db, id);
      return t && { id: t.id, name: t.name };
    });
    if (!canReadConsole({ isSuperAdmin: scope.isSuperAdmin, role: scope.role })) throw errors.forbidden();
    return { userId: principal.user.id, tenantId: scope.tenantId };
  }

  async shown(viewer: Viewer): Promise<{ announcements: Announcement[]; unread: number }> {
    const rows = await repo.shown(this.db, viewer.tenantId, viewer.userId, new Date());
    const announcements = rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt?.toISOString() ?? null,
      read: r.read,
    }));
    return { announcements, unread: announcements.filter((a) => !a.read).length };
  }

  /** Marks read those of `ids` the viewer is shown now (every one shown without ids); others are ignored. */
  async markRead(viewer: Viewer, ids: string[] | undefined): Promise<{ announcements: Announcement[]; unread: number }> {
    await repo.markRead(this.db, viewer.tenantId, viewer.userId, ids && [...new Set(ids)], new Date());
    return this.shown(viewer);
  }

  // ------------------------------------------------------------ starts and ends

  /** Tells the audiences of announcements whose start or end passed since they were last told; returns how many. */
  async publishStartedOrEnded(now = new Date()): Promise<number> {
    const due = await repo.claimStartedOrEnded(this.db, now);
    for (const a of due) await this.publish(a.id, repo.audienceOf(a));
    return due.length;
  }

  /** Checks every `everyMs`: a scheduled announcement reaches open consoles within that of its start. */
  start(everyMs: number): () => Promise<void> {
    return sweepPeriodically(this.log, {
      what: 'announcements that started or ended',
      everyMs,
      // Announced, not deleted: nothing for the sweep's "deleted" line to count.
      sweep: async () => {
        await this.publishStartedOrEnded();
        return 0;
      },
    });
  }
}
