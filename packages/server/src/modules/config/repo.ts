import { and, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { ConfigDocument, ConfigRevisionSource } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { configDrifts, configResyncs, configRevisions, deviceConfigSettings } from '../../db/schema/config';
import type { SyncFacts } from '../../fleet/device-row';
export { markPushed } from '../../fleet/repo';

export type RevisionRow = typeof configRevisions.$inferSelect;

const SYNC_FACTS = {
  configHash: devices.configHash,
  appliedConfigHash: devices.appliedConfigHash,
  configPush: devices.configPush,
  configPushError: devices.configPushError,
};

/** What the device's sync state is made of (its desired and reported hashes, where the push stands). */
export async function findSyncFacts(db: Db, tenantId: string, deviceId: string): Promise<SyncFacts | undefined> {
  const [row] = await db
    .select(SYNC_FACTS)
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId), eq(devices.claimed, true)));
  return row;
}

/** The same, for devices of any tenant (what a push's answer changed). */
export async function syncFactsOf(db: Db, deviceIds: string[]): Promise<(SyncFacts & { id: string; tenantId: string })[]> {
  if (deviceIds.length === 0) return [];
  return db
    .select({ id: devices.id, tenantId: devices.tenantId, ...SYNC_FACTS })
    .from(devices)
    .where(inArray(devices.id, deviceIds));
}

export async function latestRevision(db: Db, deviceId: string): Promise<RevisionRow | undefined> {
  const [row] = await db.select().from(configRevisions).where(eq(configRevisions.deviceId, deviceId)).orderBy(desc(configRevisions.number)).limit(1);
  return row;
}

export async function findRevision(db: Db, deviceId: string, id: string): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(configRevisions)
    .where(and(eq(configRevisions.deviceId, deviceId), eq(configRevisions.id, id)));
  return row;
}

export async function listRevisions(db: Db, deviceId: string, page: { offset: number; limit: number | null }) {
  const query = db.select().from(configRevisions).where(eq(configRevisions.deviceId, deviceId)).orderBy(desc(configRevisions.number)).offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(configRevisions).where(eq(configRevisions.deviceId, deviceId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface NewRevision {
  id: string;
  tenantId: string;
  deviceId: string;
  number: number;
  document: ConfigDocument;
  own: Partial<ConfigDocument>;
  hash: string;
  source: ConfigRevisionSource;
  message: string | null;
  authorId: string;
  authorEmail: string;
}

/** The tenant's claimed devices, locked until the transaction ends: their revisions are numbered one after the other. */
export async function lockDevices(tx: Db, tenantId: string, deviceIds: string[]): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const rows = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), inArray(devices.id, deviceIds), eq(devices.claimed, true)))
    .orderBy(devices.id)
    .for('update');
  return rows.map((r) => r.id);
}

/** Every claimed device of the tenant, locked (in id order, as lockDevices does) until the transaction ends. */
export async function lockTenantDevices(tx: Db, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.claimed, true)))
    .orderBy(devices.id)
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Claimed devices meeting a section provider's `stale` condition, which reads `d` (the devices
 * row) and `r.document` (its newest revision's document, null before the first): at most `limit`.
 */
export async function staleDevices(
  db: Db,
  stale: (on: { device: SQL; document: SQL }) => SQL,
  limit: number,
): Promise<{ tenantId: string; deviceId: string }[]> {
  const rows = (await db.execute(sql`
    select d.tenant_id, d.id from devices d
    left join lateral (
      select r.document from config_revisions r where r.device_id = d.id order by r.number desc limit 1
    ) r on true
    where d.claimed and (${stale({ device: sql.raw('d'), document: sql.raw('r.document') })})
    order by d.tenant_id, d.id limit ${limit}`)) as unknown as { rows: { tenant_id: string; id: string }[] };
  return rows.rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.id }));
}

/** Stores new revisions (a few statements for any number of devices); their pushes are queued by the caller. */
export async function insertRevisions(tx: Db, revisions: NewRevision[]): Promise<void> {
  if (revisions.length === 0) return;
  await tx.insert(configRevisions).values(revisions);
}

/** How pushes ended, onto the devices whose desired configuration they carried; `runs`, when given, is the hash the device said it runs. */
export interface PushOutcome {
  deviceId: string;
  hash: string | null;
  push: 'done' | 'failed' | null;
  error: string | null;
  runs?: string | null;
  /** The seq of the device's message that said what it runs (null: unordered, taken as newest). */
  runsSeq?: number | null;
}

/**
 * Records where pushes stand: only a push of the desired hash speaks for it (an older one's late
 * answer does not), and a withdrawn push leaves none open. What the device said it runs is kept
 * either way, unless the device has since said something newer (a higher seq: a heartbeat sent
 * after this answer).
 */
export async function recordPushOutcomes(tx: Db, outcomes: PushOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = JSON.stringify(
    outcomes.map((o) => ({
      id: o.deviceId,
      hash: o.hash,
      push: o.push,
      error: o.error,
      said: o.runs !== undefined,
      runs: o.runs ?? null,
      seq: o.runsSeq ?? null,
    })),
  );
  await tx.execute(sql`
    update devices as d set
      config_push = case when v.hash is not distinct from d.config_hash and (v.push is not null or d.config_push = 'open') then v.push else d.config_push end,
      config_push_error = case when v.hash is not distinct from d.config_hash and (v.push is not null or d.config_push = 'open') then v.error else d.config_push_error end,
      applied_config_hash = case when v.said and coalesce(v.seq > d.applied_config_seq, true) then v.runs else d.applied_config_hash end,
      applied_config_seq = case when v.said and v.seq is not null then greatest(d.applied_config_seq, v.seq) else d.applied_config_seq end
    from json_to_recordset(${rows}::json) as v(id uuid, hash text, push text, error text, said boolean, runs text, seq bigint)
    where d.id = v.id`);
}

/** Whether a device that runs something else should be sent its desired configuration again, and which that is. */
export async function driftFacts(db: Db, deviceId: string) {
  const [row] = await db
    .select({ tenantId: devices.tenantId, desired: devices.configHash, push: devices.configPush, autoSync: deviceConfigSettings.autoSync })
    .from(devices)
    .leftJoin(deviceConfigSettings, eq(deviceConfigSettings.deviceId, devices.id))
    .where(and(eq(devices.id, deviceId), eq(devices.claimed, true)));
  return row;
}

/** The desired configuration's revision (the newest with this hash), which a resync carries whole. */
export async function desiredRevision(db: Db, deviceId: string, hash: string) {
  const [row] = await db
    .select({ id: configRevisions.id, document: configRevisions.document })
    .from(configRevisions)
    .where(and(eq(configRevisions.deviceId, deviceId), eq(configRevisions.hash, hash)))
    .orderBy(desc(configRevisions.number))
    .limit(1);
  return row;
}

/** One document per hash (the same configuration has the same document on every device), for the diffs of a push. */
export async function documentsByHash(db: Db, tenantId: string, hashes: string[]): Promise<Map<string, ConfigDocument>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([configRevisions.hash], { hash: configRevisions.hash, document: configRevisions.document })
    .from(configRevisions)
    .where(and(eq(configRevisions.tenantId, tenantId), inArray(configRevisions.hash, hashes)))
    .orderBy(configRevisions.hash);
  return new Map(rows.map((r) => [r.hash, r.document]));
}

/**
 * A change made on the box, as the device reported it in its message `seq`: kept as the device's
 * last drift, and what it runs now unless the device has said something newer since.
 */
export async function recordDrift(tx: Db, d: { deviceId: string; tenantId: string; hash: string; seq: number; document: Record<string, unknown> | null }) {
  const at = new Date();
  await tx
    .insert(configDrifts)
    .values({ deviceId: d.deviceId, tenantId: d.tenantId, at, reportedHash: d.hash, document: d.document })
    .onConflictDoUpdate({ target: configDrifts.deviceId, set: { at, reportedHash: d.hash, document: d.document } });
  await tx.execute(sql`
    update devices set applied_config_hash = ${d.hash}, applied_config_seq = ${d.seq}
    where id = ${d.deviceId} and applied_config_seq < ${d.seq}`);
}

const DAY_MS = 24 * 3600 * 1000;

/** The desired configuration goes whole to the device again: counted for a day (older counts go with it). */
export async function recordResync(tx: Db, deviceId: string, now = new Date()) {
  await tx.delete(configResyncs).where(and(eq(configResyncs.deviceId, deviceId), lt(configResyncs.at, new Date(now.getTime() - DAY_MS))));
  await tx.insert(configResyncs).values({ deviceId, at: now });
}

/** The device's last drift within a day, and how many times its desired configuration went whole to it again in the last 24 hours. */
export async function recentDrift(db: Db, deviceId: string, now = new Date()) {
  const since = new Date(now.getTime() - DAY_MS);
  const [[drift], [resyncs]] = await Promise.all([
    db
      .select()
      .from(configDrifts)
      .where(and(eq(configDrifts.deviceId, deviceId), gt(configDrifts.at, since))),
    db
      .select({ n: count() })
      .from(configResyncs)
      .where(and(eq(configResyncs.deviceId, deviceId), gt(configResyncs.at, since))),
  ]);
  return { drift, resyncs: resyncs?.n ?? 0 };
}
