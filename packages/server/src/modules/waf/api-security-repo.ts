import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApiDriftKind, DriftFinding, StoredDriftFinding } from '@netloom/domain';
import type { Db } from '../../db/client';
import { wafApiDiscoverySettings, wafApiDrift, wafApplications } from '../../db/schema/waf';

export type DiscoverySettingsRow = typeof wafApiDiscoverySettings.$inferSelect;
export type DriftRow = typeof wafApiDrift.$inferSelect;

/** A path longer than this is stored cut (an index holds it). */
const MAX_PATH = 1000;

export const listDiscoverySettings = (db: Db, tenantId: string): Promise<DiscoverySettingsRow[]> =>
  db.select().from(wafApiDiscoverySettings).where(eq(wafApiDiscoverySettings.tenantId, tenantId));

export async function findDiscoverySettings(db: Db, tenantId: string, applicationId: string): Promise<DiscoverySettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(wafApiDiscoverySettings)
    .where(and(eq(wafApiDiscoverySettings.tenantId, tenantId), eq(wafApiDiscoverySettings.applicationId, applicationId)));
  return row;
}

/** The application's settings, replacing those it had. */
export async function saveDiscoverySettings(db: Db, row: typeof wafApiDiscoverySettings.$inferInsert): Promise<void> {
  const { applicationId: _id, ...set } = row;
  await db
    .insert(wafApiDiscoverySettings)
    .values(row)
    .onConflictDoUpdate({ target: wafApiDiscoverySettings.applicationId, set: { ...set, updatedAt: new Date() } });
}

/** Every tenant with a protected application (the periodic drift check goes through them). */
export async function tenantsWithApplications(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ tenantId: wafApplications.tenantId }).from(wafApplications);
  return rows.map((r) => r.tenantId);
}

const stored = (r: DriftRow): StoredDriftFinding => ({ id: r.id, kind: r.kind, method: r.method, path: r.path, param: r.param || null, detail: r.detail });

export async function openDriftFindings(db: Db, tenantId: string, applicationId: string): Promise<StoredDriftFinding[]> {
  const rows = await db
    .select()
    .from(wafApiDrift)
    .where(and(eq(wafApiDrift.tenantId, tenantId), eq(wafApiDrift.applicationId, applicationId), isNull(wafApiDrift.resolvedAt)));
  return rows.map(stored);
}

/**
 * Records what a comparison found: new findings opened (one open row per finding: a row another
 * instance opened meanwhile stays), those no longer holding resolved with why.
 */
export async function recordDrift(
  db: Db,
  tenantId: string,
  applicationId: string,
  change: { opened: DriftFinding[]; resolved: { id: string; resolution: string }[] },
  at: Date,
): Promise<void> {
  if (change.opened.length) {
    await db
      .insert(wafApiDrift)
      .values(
        change.opened.map((f) => ({
          id: randomUUID(),
          tenantId,
          applicationId,
          kind: f.kind,
          method: f.method,
          path: f.path.slice(0, MAX_PATH),
          param: (f.param ?? '').slice(0, 200),
          detail: f.detail.slice(0, 500),
          firstSeenAt: at,
        })),
      )
      .onConflictDoNothing();
  }
  for (const r of change.resolved) {
    await db
      .update(wafApiDrift)
      .set({ resolvedAt: at, resolution: r.resolution })
      .where(and(eq(wafApiDrift.tenantId, tenantId), eq(wafApiDrift.id, r.id), isNull(wafApiDrift.resolvedAt)));
  }
}

/** The tenant's drift history, newest first, bounded. */
export async function listDrift(
  db: Db,
  tenantId: string,
  filter: { applicationId: string | null; kind: ApiDriftKind | null; state: 'open' | 'resolved' | null },
  limit = 2000,
): Promise<DriftRow[]> {
  const where: SQL[] = [eq(wafApiDrift.tenantId, tenantId)];
  if (filter.applicationId) where.push(eq(wafApiDrift.applicationId, filter.applicationId));
  if (filter.kind) where.push(eq(wafApiDrift.kind, filter.kind));
  if (filter.state === 'open') where.push(isNull(wafApiDrift.resolvedAt));
  if (filter.state === 'resolved') where.push(isNotNull(wafApiDrift.resolvedAt));
  return db
    .select()
    .from(wafApiDrift)
    .where(and(...where))
    .orderBy(desc(sql`coalesce(${wafApiDrift.resolvedAt}, ${wafApiDrift.firstSeenAt})`), desc(wafApiDrift.firstSeenAt))
    .limit(limit);
}
