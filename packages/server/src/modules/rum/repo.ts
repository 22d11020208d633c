import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rumAlerts, rumSites, rumSourceMaps } from '../../db/schema/rum';

export type SiteRow = typeof rumSites.$inferSelect;
export type SourceMapRow = typeof rumSourceMaps.$inferSelect;
export type AlertRow = typeof rumAlerts.$inferSelect;

export const listSites = (db: Db, tenantId: string): Promise<SiteRow[]> =>
  db.select().from(rumSites).where(eq(rumSites.tenantId, tenantId)).orderBy(asc(rumSites.name));

export async function findSite(db: Db, tenantId: string, id: string): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(rumSites)
    .where(and(eq(rumSites.tenantId, tenantId), eq(rumSites.id, id)));
  return row;
}

/** The site a beacon names by its public key, whichever tenant it is of. */
export async function siteByKey(db: Db, publicKey: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(rumSites).where(eq(rumSites.publicKey, publicKey));
  return row;
}

export async function insertSite(db: Db, row: typeof rumSites.$inferInsert): Promise<SiteRow> {
  const [created] = await db.insert(rumSites).values(row).returning();
  return created!;
}

export async function updateSite(db: Db, tenantId: string, id: string, set: Partial<typeof rumSites.$inferInsert>): Promise<SiteRow | undefined> {
  const [row] = await db
    .update(rumSites)
    .set(set)
    .where(and(eq(rumSites.tenantId, tenantId), eq(rumSites.id, id)))
    .returning();
  return row;
}

export async function deleteSite(db: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(rumSites)
    .where(and(eq(rumSites.tenantId, tenantId), eq(rumSites.id, id)))
    .returning({ id: rumSites.id });
  return gone.length > 0;
}

/** Notes that beacons arrived (at most once a batch per site). */
export async function touchSites(db: Db, at: Date, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update rum_sites set last_beacon_at = ${at.toISOString()}::timestamptz where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and (last_beacon_at is null or last_beacon_at < ${at.toISOString()}::timestamptz)`,
  );
}

export const listSourceMaps = (db: Db, siteId: string) =>
  db
    .select({
      id: rumSourceMaps.id,
      siteId: rumSourceMaps.siteId,
      release: rumSourceMaps.release,
      fileUrl: rumSourceMaps.fileUrl,
      size: rumSourceMaps.size,
      createdAt: rumSourceMaps.createdAt,
    })
    .from(rumSourceMaps)
    .where(eq(rumSourceMaps.siteId, siteId))
    .orderBy(desc(rumSourceMaps.createdAt));

/** A new map for the release and file replaces the one uploaded before. */
export async function upsertSourceMap(db: Db, row: typeof rumSourceMaps.$inferInsert): Promise<SourceMapRow> {
  const [saved] = await db
    .insert(rumSourceMaps)
    .values(row)
    .onConflictDoUpdate({
      target: [rumSourceMaps.siteId, rumSourceMaps.release, rumSourceMaps.fileUrl],
      set: { map: row.map, size: row.size, createdAt: new Date() },
    })
    .returning();
  return saved!;
}

export async function deleteSourceMap(db: Db, siteId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(rumSourceMaps)
    .where(and(eq(rumSourceMaps.siteId, siteId), eq(rumSourceMaps.id, id)))
    .returning({ id: rumSourceMaps.id });
  return gone.length > 0;
}

/** The maps of a site's release (any release when null), for the files named. */
export async function sourceMapsFor(db: Db, siteId: string, release: string | null, fileUrls: readonly string[]): Promise<SourceMapRow[]> {
  if (fileUrls.length === 0) return [];
  const rows = await db
    .select()
    .from(rumSourceMaps)
    .where(
      and(
        eq(rumSourceMaps.siteId, siteId),
        release === null ? undefined : eq(rumSourceMaps.release, release),
        sql`${rumSourceMaps.fileUrl} in (${sql.join(
          fileUrls.map((u) => sql`${u}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(desc(rumSourceMaps.createdAt));
  return rows;
}

export const listAlerts = (db: Db, tenantId: string): Promise<AlertRow[]> =>
  db.select().from(rumAlerts).where(eq(rumAlerts.tenantId, tenantId)).orderBy(asc(rumAlerts.createdAt));

export async function insertAlert(db: Db, row: typeof rumAlerts.$inferInsert): Promise<AlertRow> {
  const [created] = await db.insert(rumAlerts).values(row).returning();
  return created!;
}

export async function updateAlert(db: Db, tenantId: string, id: string, set: Partial<typeof rumAlerts.$inferInsert>): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(rumAlerts)
    .set(set)
    .where(and(eq(rumAlerts.tenantId, tenantId), eq(rumAlerts.id, id)))
    .returning();
  return row;
}

export async function deleteAlert(db: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(rumAlerts)
    .where(and(eq(rumAlerts.tenantId, tenantId), eq(rumAlerts.id, id)))
    .returning({ id: rumAlerts.id });
  return gone.length > 0;
}

/** Every enabled alert with its site's name, for the evaluation round. */
export const enabledAlerts = (db: Db) =>
  db
    .select({ alert: rumAlerts, siteName: rumSites.name })
    .from(rumAlerts)
    .innerJoin(rumSites, eq(rumSites.id, rumAlerts.siteId))
    .where(eq(rumAlerts.enabled, true));

/**
 * Moves an alert to its new state only if it is still in the old one: with several instances
 * evaluating, exactly one records (and notifies) each change.
 */
export async function changeAlertState(db: Db, id: string, from: 'ok' | 'alerting', to: 'ok' | 'alerting', value: number | null, at: Date): Promise<boolean> {
  const changed = await db
    .update(rumAlerts)
    .set({ state: to, lastValue: value, changedAt: at })
    .where(and(eq(rumAlerts.id, id), eq(rumAlerts.state, from)))
    .returning({ id: rumAlerts.id });
  return changed.length > 0;
}

export async function noteAlertValue(db: Db, id: string, value: number | null): Promise<void> {
  await db.update(rumAlerts).set({ lastValue: value }).where(eq(rumAlerts.id, id));
}
