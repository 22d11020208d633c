import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { NacDecision } from '@netloom/domain';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { devices } from '../../db/read-models/devices';
import { nacHosts } from '../../db/schema/ztna-activity';

const columns = {
  mac: nacHosts.mac,
  ip: nacHosts.ip,
  hostname: nacHosts.hostname,
  vendor: nacHosts.vendor,
  os: nacHosts.os,
  gatewayId: nacHosts.gatewayId,
  gatewayName: devices.name,
  interface: nacHosts.interface,
  firstSeen: nacHosts.firstSeen,
  lastSeen: nacHosts.lastSeen,
  decision: nacHosts.decision,
  state: nacHosts.state,
  decidedBy: nacHosts.decidedBy,
  decidedAt: nacHosts.decidedAt,
};
/** Hosts with the name of the gateway that saw them last (a gateway of the same tenant: the report's). */
const selectHosts = (db: Db) => db.select(columns).from(nacHosts).innerJoin(devices, eq(devices.id, nacHosts.gatewayId));
export type NacHostRecord = Awaited<ReturnType<typeof selectHosts>>[number];

export interface NacHostQuery {
  search: string | null;
  decision: NacDecision | null;
  offset: number;
  /** null: every host. */
  limit: number | null;
}

function where(tenantId: string, q: Pick<NacHostQuery, 'search' | 'decision'>): SQL | undefined {
  const p = q.search ? likePattern(q.search) : null;
  return and(
    eq(nacHosts.tenantId, tenantId),
    q.decision ? eq(nacHosts.decision, q.decision) : undefined,
    p
      ? or(
          sql`${nacHosts.mac} ilike ${p}`,
          sql`${nacHosts.ip} ilike ${p}`,
          sql`${nacHosts.hostname} ilike ${p}`,
          sql`${nacHosts.vendor} ilike ${p}`,
          sql`${nacHosts.os} ilike ${p}`,
          sql`${devices.name} ilike ${p}`,
        )
      : undefined,
  );
}

/** The tenant's hosts, last seen first, with the gateway that saw them last. */
export async function listHosts(db: Db, tenantId: string, q: NacHostQuery): Promise<{ count: number; rows: NacHostRecord[] }> {
  const w = where(tenantId, q);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(nacHosts)
    .innerJoin(devices, eq(devices.id, nacHosts.gatewayId))
    .where(w);
  const query = selectHosts(db).where(w).orderBy(desc(nacHosts.lastSeen), nacHosts.mac).offset(q.offset);
  const rows = q.limit === null ? await query : await query.limit(q.limit);
  return { count: Number(counted?.n ?? 0), rows };
}

/** The tenant's hosts of these MACs, locked until the transaction ends. */
export async function lockHosts(tx: Db, tenantId: string, macs: string[]): Promise<string[]> {
  const rows = await tx
    .select({ mac: nacHosts.mac })
    .from(nacHosts)
    .where(and(eq(nacHosts.tenantId, tenantId), inArray(nacHosts.mac, macs)))
    .for('update');
  return rows.map((r) => r.mac);
}

export async function hostsOf(db: Db, tenantId: string, macs: string[]): Promise<NacHostRecord[]> {
  return selectHosts(db)
    .where(and(eq(nacHosts.tenantId, tenantId), inArray(nacHosts.mac, macs)))
    .orderBy(nacHosts.mac);
}

/** The tenant's decision about hosts; returns them as they were before. */
export async function decide(tx: Db, tenantId: string, macs: string[], decision: NacDecision, by: string): Promise<{ mac: string; before: NacDecision }[]> {
  const before = await tx
    .select({ mac: nacHosts.mac, before: nacHosts.decision })
    .from(nacHosts)
    .where(and(eq(nacHosts.tenantId, tenantId), inArray(nacHosts.mac, macs)));
  await tx
    .update(nacHosts)
    .set({ decision, decidedBy: by, decidedAt: new Date() })
    .where(and(eq(nacHosts.tenantId, tenantId), inArray(nacHosts.mac, macs)));
  return before;
}
