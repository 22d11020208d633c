import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants } from '../../db/read-models/identity';
import { announcementReads, announcements, announcementTenants } from '../../db/schema/announcements';

type AnnouncementRow = typeof announcements.$inferSelect;
export interface StoredAnnouncement extends AnnouncementRow {
  tenants: { id: string; name: string }[];
}

/** What is written: the body as the domain checked it, the chosen tenants already known to exist. */
export interface AnnouncementWrite {
  title: string;
  body: string;
  audience: 'all' | 'tenants';
  tenantIds: string[];
  startsAt: Date;
  endsAt: Date | null;
}

/** Who is told of a change: everyone, or the listed tenants' consoles. */
export type Audience = 'all' | string[];

export async function existingTenants(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
  return new Set(rows.map((r) => r.id));
}

async function tenantsOf(db: Db, ids: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const out = new Map<string, { id: string; name: string }[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ announcementId: announcementTenants.announcementId, id: tenants.id, name: tenants.name })
    .from(announcementTenants)
    .innerJoin(tenants, eq(tenants.id, announcementTenants.tenantId))
    .where(inArray(announcementTenants.announcementId, ids))
    .orderBy(asc(tenants.name), asc(tenants.id));
  for (const r of rows) {
    const list = out.get(r.announcementId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.announcementId, list);
  }
  return out;
}

const withTenants = async (db: Db, rows: AnnouncementRow[]): Promise<StoredAnnouncement[]> => {
  const byId = await tenantsOf(
    db,
    rows.filter((r) => r.audience === 'tenants').map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, tenants: byId.get(r.id) ?? [] }));
};

export const audienceOf = (a: StoredAnnouncement): Audience => (a.audience === 'all' ? 'all' : a.tenants.map((t) => t.id));

/** Every announcement for the admin list, the latest start first. */
export async function listAll(db: Db, page: { offset: number; limit: number | null }): Promise<{ rows: StoredAnnouncement[]; total: number }> {
  const query = db.select().from(announcements).orderBy(desc(announcements.startsAt), desc(announcements.createdAt), asc(announcements.id)).offset(page.offset);
  const [rows, [total]] = await Promise.all([page.limit === null ? query : query.limit(page.limit), db.select({ n: count() }).from(announcements)]);
  return { rows: await withTenants(db, rows), total: total?.n ?? 0 };
}

export async function find(db: Db, id: string): Promise<StoredAnnouncement | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row && (await withTenants(db, [row]))[0];
}

async function writeTenants(tx: Db, id: string, w: AnnouncementWrite): Promise<void> {
  await tx.delete(announcementTenants).where(eq(announcementTenants.announcementId, id));
  if (w.audience === 'tenants' && w.tenantIds.length)
    await tx.insert(announcementTenants).values(w.tenantIds.map((tenantId) => ({ announcementId: id, tenantId })));
}

const columns = (w: AnnouncementWrite, now: Date) => ({
  title: w.title,
  body: w.body,
  audience: w.audience,
  startsAt: w.startsAt,
  endsAt: w.endsAt,
  // Also the mark of what consoles were last told (see claimStartedOrEnded).
  updatedAt: now,
});

export async function insert(tx: Db, id: string, w: AnnouncementWrite, createdBy: string, now: Date): Promise<void> {
  await tx.insert(announcements).values({ id, ...columns(w, now), createdBy, createdAt: now });
  await writeTenants(tx, id, w);
}

/** False when it no longer exists. */
export async function update(tx: Db, id: string, w: AnnouncementWrite, now: Date): Promise<boolean> {
  const changed = await tx.update(announcements).set(columns(w, now)).where(eq(announcements.id, id)).returning({ id: announcements.id });
  if (changed.length === 0) return false;
  await writeTenants(tx, id, w);
  return true;
}

export async function remove(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(announcements).where(eq(announcements.id, id)).returning({ id: announcements.id });
  return gone.length > 0;
}

/**
 * Shown at `now` to a tenant's users: started, not ended, and for all tenants or this one. A null
 * tenant is a super admin who chose none: every live announcement.
 */
function shownTo(tenantId: string | null, now: Date): SQL {
  const live = and(lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)))!;
  if (tenantId === null) return live;
  const listed = sql`exists (select 1 from ${announcementTenants} where ${announcementTenants.announcementId} = ${announcements.id} and ${announcementTenants.tenantId} = ${tenantId})`;
  return and(live, or(eq(announcements.audience, 'all'), listed))!;
}

/** What bounds one answer: far more than are ever live at once. */
const SHOWN_MAX = 200;

export async function shown(db: Db, tenantId: string | null, userId: string, now: Date) {
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      startsAt: announcements.startsAt,
      endsAt: announcements.endsAt,
      read: sql<boolean>`${announcementReads.userId} is not null`,
    })
    .from(announcements)
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)))
    .where(shownTo(tenantId, now))
    .orderBy(desc(announcements.startsAt), desc(announcements.createdAt), asc(announcements.id))
    .limit(SHOWN_MAX);
}

/** Marks read those of `ids` (all when undefined) that are shown to the user now; any other id is ignored. */
export async function markRead(db: Db, tenantId: string | null, userId: string, ids: string[] | undefined, now: Date): Promise<void> {
  if (ids && ids.length === 0) return;
  const visible = db
    .select({
      userId: sql<string>`${userId}::uuid`.as('user_id'),
      announcementId: announcements.id,
      readAt: sql<Date>`${now.toISOString()}::timestamptz`.as('read_at'),
    })
    .from(announcements)
    .where(and(shownTo(tenantId, now), ids ? inArray(announcements.id, ids) : undefined));
  await db.insert(announcementReads).select(visible).onConflictDoNothing();
}

/**
 * The announcements whose start or end passed since consoles were last told of them, claimed by
 * moving their `updated_at` past it: one conditional update, so of several instances checking at
 * once only one gets each row (a start is announced once per cluster). A write stamps `updated_at`
 * too, so one already live or ended when written is not announced again.
 */
export async function claimStartedOrEnded(db: Db, now: Date): Promise<StoredAnnouncement[]> {
  const rows = await db
    .update(announcements)
    .set({ updatedAt: now })
    .where(
      or(
        and(lte(announcements.startsAt, now), sql`${announcements.updatedAt} < ${announcements.startsAt}`),
        and(lte(announcements.endsAt, now), sql`${announcements.updatedAt} < ${announcements.endsAt}`),
      ),
    )
    .returning();
  return withTenants(db, rows);
}
