import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  IOT_NEW_DEVICE_MS,
  type CommunicationProfile,
  type IotClass,
  type IotDeviceHealthFilter,
  type IotDeviceSort,
  type IotHealthThresholds,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { iotDeviations, iotDevices, iotForwardRules, iotLastValues, iotProfiles, iotSegments, iotTelemetryPoints } from '../../db/schema/iot';

export type DeviceRow = typeof iotDevices.$inferSelect;
export type DeviceInsert = typeof iotDevices.$inferInsert;
export type ForwardRuleRow = typeof iotForwardRules.$inferSelect;
export type LastValueRow = typeof iotLastValues.$inferSelect;
export type DeviationRow = typeof iotDeviations.$inferSelect;
export type SegmentRow = typeof iotSegments.$inferSelect;

/** Serialises one tenant's IoT changes of one kind (forwarding rules, a profile, segments): their order is the order they were made in. */
export async function lockTenant(tx: Db, tenantId: string, what: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`iot:${what}:${tenantId}`}))`);
}

// ─── Inventory ────────────────────────────────────────────────────────────────

export async function devicesByKeys(db: Db, tenantId: string, gatewayId: string, keys: string[]): Promise<DeviceRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(iotDevices)
    .where(and(eq(iotDevices.tenantId, tenantId), eq(iotDevices.gatewayId, gatewayId), inArray(iotDevices.key, keys)));
}

/** Writes the devices (new or merged by the caller); the admin's correction is never written here, so a report cannot undo it. */
export async function upsertDevices(db: Db, rows: DeviceInsert[]): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const written = await db
    .insert(iotDevices)
    .values(rows)
    .onConflictDoUpdate({
      target: [iotDevices.tenantId, iotDevices.gatewayId, iotDevices.key],
      set: {
        ip: sql`excluded.ip`,
        ifname: sql`excluded.ifname`,
        hostname: sql`excluded.hostname`,
        vendor: sql`excluded.vendor`,
        vendorNote: sql`excluded.vendor_note`,
        report: sql`excluded.report`,
        class: sql`excluded.class`,
        confidence: sql`excluded.confidence`,
        reasons: sql`excluded.reasons`,
        batteryPct: sql`coalesce(excluded.battery_pct, ${iotDevices.batteryPct})`,
        firstSeen: sql`least(${iotDevices.firstSeen}, excluded.first_seen)`,
        lastSeen: sql`greatest(${iotDevices.lastSeen}, excluded.last_seen)`,
      },
    })
    .returning({ id: iotDevices.id, key: iotDevices.key });
  return new Map(written.map((w) => [w.key, w.id]));
}

export interface DeviceFilters {
  class?: IotClass;
  gatewayId?: string;
  search?: string;
  vendor?: string;
  health?: IotDeviceHealthFilter;
  deviating?: boolean;
}

/** Deviations not yet past their retention (the sweep deletes the older ones). */
const openDeviations = sql<number>`(select count(*) from ${iotDeviations} where ${iotDeviations.tenantId} = ${iotDevices.tenantId} and ${iotDeviations.iotDeviceId} = ${iotDevices.id})`;

/** The class the console shows: the admin's when there is one. */
const effectiveClass = sql<IotClass>`coalesce(${iotDevices.correctedClass}, ${iotDevices.class})`;

/** The last-seen times past which a device is stale and offline. */
function healthCuts(now: Date, t: IotHealthThresholds) {
  return { staleAt: new Date(now.getTime() - t.stale_after_s * 1000), offlineAt: new Date(now.getTime() - t.offline_after_s * 1000) };
}

function deviceConditions(tenantId: string, f: DeviceFilters, now: Date, t: IotHealthThresholds): SQL[] {
  const where: SQL[] = [eq(iotDevices.tenantId, tenantId)];
  if (f.class) where.push(sql`${effectiveClass} = ${f.class}`);
  if (f.gatewayId) where.push(eq(iotDevices.gatewayId, f.gatewayId));
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(iotDevices.key, like), ilike(iotDevices.ip, like), ilike(iotDevices.hostname, like), ilike(iotDevices.vendor, like))!);
  }
  if (f.vendor) where.push(eq(iotDevices.vendor, f.vendor));
  if (f.deviating !== undefined) where.push(f.deviating ? sql`${openDeviations} > 0` : sql`${openDeviations} = 0`);
  const { staleAt, offlineAt } = healthCuts(now, t);
  switch (f.health) {
    case 'online':
      where.push(sql`${iotDevices.lastSeen} > ${staleAt.toISOString()}::timestamptz`);
      break;
    case 'stale':
      where.push(sql`${iotDevices.lastSeen} <= ${staleAt.toISOString()}::timestamptz and ${iotDevices.lastSeen} > ${offlineAt.toISOString()}::timestamptz`);
      break;
    case 'offline':
      where.push(sql`${iotDevices.lastSeen} <= ${offlineAt.toISOString()}::timestamptz`);
      break;
    case 'silent':
      where.push(sql`${iotDevices.lastSeen} <= ${staleAt.toISOString()}::timestamptz`);
      break;
    // Every inventory row was seen at least once.
    case 'never':
      where.push(sql`false`);
      break;
    case 'battery_low':
      where.push(lte(iotDevices.batteryPct, t.battery_low_pct));
      break;
  }
  return where;
}

export type DeviceWithGateway = DeviceRow & { gatewayName: string };

const withGateway = { device: iotDevices, gatewayName: devices.name };

const ORDER: Record<IotDeviceSort, SQL[]> = {
  last_seen: [desc(iotDevices.lastSeen)],
  first_seen: [desc(iotDevices.firstSeen)],
  silent: [asc(iotDevices.lastSeen)],
  deviations: [sql`${openDeviations} desc`, desc(iotDevices.lastSeen)],
};

export async function listDevices(
  db: Db,
  tenantId: string,
  f: DeviceFilters,
  page: { offset: number; limit: number; sort: IotDeviceSort },
  now: Date,
  t: IotHealthThresholds,
): Promise<{ count: number; rows: DeviceWithGateway[] }> {
  const where = and(...deviceConditions(tenantId, f, now, t));
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(iotDevices)
    .where(where)) as [{ count: number }];
  const rows = await db
    .select(withGateway)
    .from(iotDevices)
    .innerJoin(devices, eq(devices.id, iotDevices.gatewayId))
    .where(where)
    .orderBy(...ORDER[page.sort], asc(iotDevices.id))
    .offset(page.offset)
    .limit(page.limit);
  return { count: Number(count), rows: rows.map((r) => ({ ...r.device, gatewayName: r.gatewayName })) };
}

export interface InventoryCounts {
  devices: number;
  new24h: number;
  online: number;
  stale: number;
  offline: number;
  batteryLow: number;
  deviating: number;
  deviations: number;
  byVendor: { vendor: string | null; devices: number }[];
  gateways: { id: string; name: string; devices: number; silent: number; deviations: number }[];
}

/** The tenant's whole inventory counted in the database, however many devices it holds (its classes: countByClass). */
export async function inventoryCounts(db: Db, tenantId: string, now: Date, t: IotHealthThresholds): Promise<InventoryCounts> {
  const cuts = healthCuts(now, t);
  const staleAt = sql`${cuts.staleAt.toISOString()}::timestamptz`;
  const offlineAt = sql`${cuts.offlineAt.toISOString()}::timestamptz`;
  const dayAgo = sql`${new Date(now.getTime() - IOT_NEW_DEVICE_MS).toISOString()}::timestamptz`;
  const mine = eq(iotDevices.tenantId, tenantId);
  const silent = sql`${iotDevices.lastSeen} <= ${staleAt}`;
  const [totals] = await db
    .select({
      devices: sql<number>`count(*)::int`,
      new24h: sql<number>`(count(*) filter (where ${iotDevices.firstSeen} > ${dayAgo}))::int`,
      online: sql<number>`(count(*) filter (where ${iotDevices.lastSeen} > ${staleAt}))::int`,
      stale: sql<number>`(count(*) filter (where ${silent} and ${iotDevices.lastSeen} > ${offlineAt}))::int`,
      offline: sql<number>`(count(*) filter (where ${iotDevices.lastSeen} <= ${offlineAt}))::int`,
      batteryLow: sql<number>`(count(*) filter (where ${iotDevices.batteryPct} <= ${t.battery_low_pct}))::int`,
    })
    .from(iotDevices)
    .where(mine);
  const [open] = await db
    .select({ deviating: sql<number>`count(distinct ${iotDeviations.iotDeviceId})::int`, deviations: sql<number>`count(*)::int` })
    .from(iotDeviations)
    .where(eq(iotDeviations.tenantId, tenantId));
  const byVendor = await db
    .select({ vendor: iotDevices.vendor, devices: sql<number>`count(*)::int` })
    .from(iotDevices)
    .where(mine)
    .groupBy(iotDevices.vendor)
    .orderBy(sql`count(*) desc`, iotDevices.vendor);
  const gateways = await db
    .select({
      id: iotDevices.gatewayId,
      name: devices.name,
      devices: sql<number>`count(*)::int`,
      silent: sql<number>`(count(*) filter (where ${silent}))::int`,
      deviations: sql<number>`coalesce(sum(${openDeviations}), 0)::int`,
    })
    .from(iotDevices)
    .innerJoin(devices, eq(devices.id, iotDevices.gatewayId))
    .where(mine)
    .groupBy(iotDevices.gatewayId, devices.name)
    .orderBy(sql`count(*) desc`, devices.name);
  const n = (v: unknown) => Number(v ?? 0);
  return {
    devices: n(totals?.devices),
    new24h: n(totals?.new24h),
    online: n(totals?.online),
    stale: n(totals?.stale),
    offline: n(totals?.offline),
    batteryLow: n(totals?.batteryLow),
    deviating: n(open?.deviating),
    deviations: n(open?.deviations),
    byVendor: byVendor.map((r) => ({ vendor: r.vendor, devices: n(r.devices) })),
    gateways: gateways.map((g) => ({ id: g.id, name: g.name, devices: n(g.devices), silent: n(g.silent), deviations: n(g.deviations) })),
  };
}

export async function findDevice(db: Db, tenantId: string, id: string): Promise<DeviceWithGateway | undefined> {
  const [row] = await db
    .select(withGateway)
    .from(iotDevices)
    .innerJoin(devices, eq(devices.id, iotDevices.gatewayId))
    .where(and(eq(iotDevices.tenantId, tenantId), eq(iotDevices.id, id)));
  return row && { ...row.device, gatewayName: row.gatewayName };
}

export async function setCorrection(db: Db, tenantId: string, id: string, c: { class: IotClass; by: string; at: Date } | null): Promise<void> {
  await db
    .update(iotDevices)
    .set({ correctedClass: c?.class ?? null, correctedBy: c?.by ?? null, correctedAt: c?.at ?? null })
    .where(and(eq(iotDevices.tenantId, tenantId), eq(iotDevices.id, id)));
}

/** The tenant's devices with a LAN address, by class (the corrected one where set), for profiling and segmentation. */
export async function addressedDevices(db: Db, tenantId: string, cls?: IotClass): Promise<(DeviceRow & { effective: IotClass })[]> {
  const rows = await db
    .select({ device: iotDevices, effective: effectiveClass })
    .from(iotDevices)
    .where(and(eq(iotDevices.tenantId, tenantId), sql`${iotDevices.ip} is not null`, ...(cls ? [sql`${effectiveClass} = ${cls}`] : [])));
  return rows.map((r) => ({ ...r.device, effective: r.effective }));
}

export async function countByClass(db: Db, tenantId: string): Promise<Map<IotClass, number>> {
  const rows = await db
    .select({ cls: effectiveClass, n: sql<number>`count(*)::int` })
    .from(iotDevices)
    .where(eq(iotDevices.tenantId, tenantId))
    .groupBy(effectiveClass);
  return new Map(rows.map((r) => [r.cls, Number(r.n)]));
}

export async function touchDevices(db: Db, updates: { id: string; lastSeen: Date; batteryPct: number | null }[]): Promise<void> {
  for (const u of updates) {
    await db
      .update(iotDevices)
      .set({
        lastSeen: sql`greatest(${iotDevices.lastSeen}, ${u.lastSeen.toISOString()}::timestamptz)`,
        ...(u.batteryPct !== null && { batteryPct: u.batteryPct }),
      })
      .where(eq(iotDevices.id, u.id));
  }
}

// ─── Telemetry ────────────────────────────────────────────────────────────────

export const listForwardRules = (db: Db, tenantId: string): Promise<ForwardRuleRow[]> =>
  db.select().from(iotForwardRules).where(eq(iotForwardRules.tenantId, tenantId)).orderBy(asc(iotForwardRules.position), asc(iotForwardRules.createdAt));

export async function saveForwardRules(tx: Db, tenantId: string, rules: ForwardRuleRow[]): Promise<void> {
  await tx.delete(iotForwardRules).where(eq(iotForwardRules.tenantId, tenantId));
  if (rules.length) await tx.insert(iotForwardRules).values(rules.map((r, i) => ({ ...r, tenantId, position: i + 1 })));
}

export async function insertPoints(db: Db, rows: (typeof iotTelemetryPoints.$inferInsert)[]): Promise<void> {
  // A thousand points a batch at most: one statement.
  if (rows.length) await db.insert(iotTelemetryPoints).values(rows);
}

/** Keeps each series' newest value: a late point does not replace a newer one. */
export async function upsertLastValues(db: Db, rows: LastValueRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(iotLastValues)
    .values(rows)
    .onConflictDoUpdate({
      target: [iotLastValues.iotDeviceId, iotLastValues.series],
      set: { unit: sql`excluded.unit`, value: sql`excluded.value`, at: sql`excluded.at` },
      setWhere: sql`excluded.at >= ${iotLastValues.at}`,
    });
}

export async function lastValuesOf(db: Db, deviceIds: string[]): Promise<LastValueRow[]> {
  if (deviceIds.length === 0) return [];
  return db.select().from(iotLastValues).where(inArray(iotLastValues.iotDeviceId, deviceIds)).orderBy(asc(iotLastValues.series));
}

/** One series in buckets of `stepSeconds`: their mean, least and greatest value. */
export async function seriesBuckets(
  db: Db,
  tenantId: string,
  deviceId: string,
  series: string,
  from: Date,
  to: Date,
  stepSeconds: number,
): Promise<{ at: Date; value: number; min: number; max: number }[]> {
  // The step inlined (a whole number of seconds, never the caller's text): GROUP BY must repeat the select's expression exactly.
  const bucket = sql`floor(extract(epoch from ${iotTelemetryPoints.at}) / ${sql.raw(String(Math.trunc(stepSeconds)))})`;
  const rows = await db
    .select({
      bucket: sql<number>`${bucket}::bigint`,
      value: sql<number>`avg(${iotTelemetryPoints.value})::float8`,
      min: sql<number>`min(${iotTelemetryPoints.value})::float8`,
      max: sql<number>`max(${iotTelemetryPoints.value})::float8`,
    })
    .from(iotTelemetryPoints)
    .where(
      and(
        eq(iotTelemetryPoints.tenantId, tenantId),
        eq(iotTelemetryPoints.iotDeviceId, deviceId),
        eq(iotTelemetryPoints.series, series),
        gte(iotTelemetryPoints.at, from),
        lt(iotTelemetryPoints.at, to),
      ),
    )
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((r) => ({ at: new Date(Number(r.bucket) * stepSeconds * 1000), value: Number(r.value), min: Number(r.min), max: Number(r.max) }));
}

// ─── Profiles and deviations ──────────────────────────────────────────────────

export async function profilesOf(db: Db, tenantId: string): Promise<CommunicationProfile[]> {
  const rows = await db.select({ profile: iotProfiles.profile }).from(iotProfiles).where(eq(iotProfiles.tenantId, tenantId)).orderBy(asc(iotProfiles.class));
  return rows.map((r) => r.profile);
}

export async function lockedProfile(tx: Db, tenantId: string, cls: IotClass): Promise<CommunicationProfile | null> {
  await lockTenant(tx, tenantId, `profile:${cls}`);
  const [row] = await tx
    .select({ profile: iotProfiles.profile })
    .from(iotProfiles)
    .where(and(eq(iotProfiles.tenantId, tenantId), eq(iotProfiles.class, cls)));
  return row?.profile ?? null;
}

export async function saveProfile(tx: Db, tenantId: string, profile: CommunicationProfile): Promise<void> {
  await tx
    .insert(iotProfiles)
    .values({ tenantId, class: profile.class, profile, updatedAt: new Date() })
    .onConflictDoUpdate({ target: [iotProfiles.tenantId, iotProfiles.class], set: { profile, updatedAt: new Date() } });
}

/** One per device and deviation: seen again, its last time and count grow. */
export async function upsertDeviations(tx: Db, rows: (typeof iotDeviations.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(iotDeviations)
    .values(rows)
    .onConflictDoUpdate({
      target: [iotDeviations.tenantId, iotDeviations.iotDeviceId, iotDeviations.dedupeKey],
      set: {
        lastSeen: sql`greatest(${iotDeviations.lastSeen}, excluded.last_seen)`,
        firstSeen: sql`least(${iotDeviations.firstSeen}, excluded.first_seen)`,
        count: sql`${iotDeviations.count} + excluded.count`,
        summary: sql`excluded.summary`,
      },
    });
}

export const deviationsOf = (db: Db, tenantId: string, deviceId: string): Promise<DeviationRow[]> =>
  db
    .select()
    .from(iotDeviations)
    .where(and(eq(iotDeviations.tenantId, tenantId), eq(iotDeviations.iotDeviceId, deviceId)))
    .orderBy(desc(iotDeviations.lastSeen))
    .limit(200);

export async function deviationCounts(db: Db, deviceIds: string[]): Promise<Map<string, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: iotDeviations.iotDeviceId, n: sql<number>`count(*)::int` })
    .from(iotDeviations)
    .where(inArray(iotDeviations.iotDeviceId, deviceIds))
    .groupBy(iotDeviations.iotDeviceId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

// ─── Segments ─────────────────────────────────────────────────────────────────

export type SegmentWithGateway = SegmentRow & { gatewayName: string };

export async function listSegments(db: Db, tenantId: string): Promise<SegmentWithGateway[]> {
  const rows = await db
    .select({ segment: iotSegments, gatewayName: devices.name })
    .from(iotSegments)
    .innerJoin(devices, eq(devices.id, iotSegments.gatewayId))
    .where(eq(iotSegments.tenantId, tenantId))
    .orderBy(asc(iotSegments.key), asc(devices.name));
  return rows.map((r) => ({ ...r.segment, gatewayName: r.gatewayName }));
}

export async function findSegment(db: Db, tenantId: string, id: string): Promise<SegmentRow | undefined> {
  const [row] = await db
    .select()
    .from(iotSegments)
    .where(and(eq(iotSegments.tenantId, tenantId), eq(iotSegments.id, id)));
  return row;
}

export async function saveSegment(tx: Db, row: typeof iotSegments.$inferInsert): Promise<string> {
  const [saved] = await tx
    .insert(iotSegments)
    .values(row)
    .onConflictDoUpdate({
      target: [iotSegments.tenantId, iotSegments.gatewayId, iotSegments.key],
      set: {
        targetDeviceId: sql`excluded.target_device_id`,
        targetClass: sql`excluded.target_class`,
        mode: sql`excluded.mode`,
        deny: sql`excluded.deny`,
        vlan: sql`excluded.vlan`,
        members: sql`excluded.members`,
        rules: sql`excluded.rules`,
        broadened: sql`excluded.broadened`,
        createdBy: sql`excluded.created_by`,
        createdAt: sql`excluded.created_at`,
      },
    })
    .returning({ id: iotSegments.id });
  return saved!.id;
}

export async function deleteSegment(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx.delete(iotSegments).where(and(eq(iotSegments.tenantId, tenantId), eq(iotSegments.id, id)));
}

// ─── Retention ────────────────────────────────────────────────────────────────

export async function sweep(db: Db, pointsBefore: Date, deviationsBefore: Date): Promise<number> {
  const points = await db.delete(iotTelemetryPoints).where(lt(iotTelemetryPoints.at, pointsBefore)).returning({ at: iotTelemetryPoints.at });
  const gone = await db.delete(iotDeviations).where(lt(iotDeviations.lastSeen, deviationsBefore)).returning({ id: iotDeviations.id });
  return points.length + gone.length;
}
