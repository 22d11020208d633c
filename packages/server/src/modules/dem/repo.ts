import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ZtnaServer } from '@netloom/domain';
import type { Db } from '../../db/client';
import { demApplications } from '../../db/schema/dem';
import { ztnaServers } from '../../db/read-models/ztna';
import { devices } from '../../db/read-models/devices';
import { alarms } from '../../db/read-models/alarms';

export type ApplicationRow = typeof demApplications.$inferSelect;
export type ApplicationColumns = Omit<ApplicationRow, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

/** Serialises a tenant's DEM changes, so their revisions follow the changes' order. */
export async function lockTenantDem(tx: Db, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dem:${tenantId}`}))`);
}

export const listApplications = (db: Db, tenantId: string): Promise<ApplicationRow[]> =>
  db
    .select()
    .from(demApplications)
    .where(eq(demApplications.tenantId, tenantId))
    .orderBy(asc(sql`lower(${demApplications.name})`), asc(demApplications.id));

export async function findApplication(db: Db, tenantId: string, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(demApplications)
    .where(and(eq(demApplications.tenantId, tenantId), eq(demApplications.id, id)));
  return row;
}

export async function insertApplication(db: Db, row: ApplicationColumns & { id: string; tenantId: string }): Promise<void> {
  await db.insert(demApplications).values(row);
}

export async function updateApplication(db: Db, tenantId: string, id: string, columns: Partial<ApplicationColumns>): Promise<boolean> {
  const rows = await db
    .update(demApplications)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(demApplications.tenantId, tenantId), eq(demApplications.id, id)))
    .returning({ id: demApplications.id });
  return rows.length > 0;
}

export async function deleteApplication(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(demApplications)
    .where(and(eq(demApplications.tenantId, tenantId), eq(demApplications.id, id)))
    .returning({ id: demApplications.id });
  return rows.length > 0;
}

export interface ServerTarget {
  id: string;
  name: string;
  address: string;
  ports: ZtnaServer['ports'];
}

/** The tenant's ZTNA servers by id (others' are not found: a reference to them is refused). */
export async function serversOf(db: Db, tenantId: string, ids?: readonly string[]): Promise<Map<string, ServerTarget>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ztnaServers.id, name: ztnaServers.name, body: ztnaServers.body })
    .from(ztnaServers)
    .where(and(eq(ztnaServers.tenantId, tenantId), ids ? sql`${ztnaServers.id} = any(${`{${ids.join(',')}}`}::uuid[])` : undefined));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, address: r.body.address, ports: r.body.ports }]));
}

/** The tenant's ZTNA endpoints: the devices that run DEM's tests. */
export async function endpointIds(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.kind, 'endpoint')));
  return rows.map((r) => r.id);
}

/** The tenant's newest DEM alarms (the alarms module's rows of kind `dem`), with their endpoint. */
export async function demAlarms(db: Db, tenantId: string, limit: number) {
  return db
    .select({
      id: alarms.id,
      subject: alarms.subject,
      state: alarms.state,
      detail: alarms.detail,
      at: alarms.createdAt,
      deviceId: alarms.deviceId,
      deviceName: devices.name,
      user: devices.username,
    })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(and(eq(alarms.tenantId, tenantId), eq(alarms.kind, 'dem')))
    .orderBy(desc(alarms.createdAt), desc(alarms.id))
    .limit(limit);
}
