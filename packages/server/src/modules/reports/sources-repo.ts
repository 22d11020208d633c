import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alarms } from '../../db/read-models/alarms';
import { deviceMetrics } from '../../db/read-models/device-telemetry';
import { devices } from '../../db/read-models/devices';
import { tenants } from '../../db/read-models/identity';
import type { AlarmStateChange, ReportScope } from './sources';

/**
 * The report sources no other module's service answers for an arbitrary period: read straight
 * from the tables, always within one tenant.
 */

export async function tenantName(db: Db, tenantId: string): Promise<string> {
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? '';
}

export async function serialsOf(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: devices.id, serial: devices.serial }).from(devices).where(eq(devices.tenantId, tenantId));
  return new Map(rows.map((r) => [r.id, r.serial]));
}

/** Every reachability and WAN change inside the period, and per subject the last one before it. */
export async function alarmHistory(db: Db, scope: ReportScope, deviceIds: string[]): Promise<AlarmStateChange[]> {
  if (deviceIds.length === 0) return [];
  const mine = and(eq(alarms.tenantId, scope.tenantId), inArray(alarms.deviceId, deviceIds), inArray(alarms.kind, ['device', 'wan']));
  const columns = { deviceId: alarms.deviceId, kind: alarms.kind, subject: alarms.subject, state: alarms.state, at: alarms.createdAt };
  const [before, inside] = await Promise.all([
    db
      .selectDistinctOn([alarms.deviceId, alarms.kind, alarms.subject], columns)
      .from(alarms)
      .where(and(mine, lt(alarms.createdAt, scope.from)))
      .orderBy(alarms.deviceId, alarms.kind, alarms.subject, sql`${alarms.createdAt} desc`),
    db
      .select(columns)
      .from(alarms)
      .where(and(mine, gte(alarms.createdAt, scope.from), lt(alarms.createdAt, scope.to)))
      .orderBy(alarms.createdAt),
  ]);
  return [...before, ...inside].map((r) => ({ ...r, kind: r.kind as 'device' | 'wan' }));
}

/** The minutes of the period in which each device sent metrics (with its heartbeats). */
export async function heartbeatMinutes(db: Db, scope: ReportScope, deviceIds: string[]): Promise<Map<string, Date[]>> {
  const minutes = new Map<string, Date[]>();
  if (deviceIds.length === 0) return minutes;
  const minute = sql<string>`date_trunc('minute', ${deviceMetrics.at})`;
  const rows = await db
    .select({ deviceId: deviceMetrics.deviceId, minute })
    .from(deviceMetrics)
    .innerJoin(devices, eq(devices.id, deviceMetrics.deviceId))
    .where(
      and(eq(devices.tenantId, scope.tenantId), inArray(deviceMetrics.deviceId, deviceIds), gte(deviceMetrics.at, scope.from), lt(deviceMetrics.at, scope.to)),
    )
    .groupBy(deviceMetrics.deviceId, minute);
  for (const r of rows) {
    const list = minutes.get(r.deviceId) ?? [];
    list.push(new Date(r.minute));
    minutes.set(r.deviceId, list);
  }
  return minutes;
}
