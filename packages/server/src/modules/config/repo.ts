import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ConfigDocument, ConfigRevisionSource } from '@netloom/domain';
import type { Db } from '../../db/client';
import { configRevisions, deviceJobs, devices } from '../../db/schema/index';

export type RevisionRow = typeof configRevisions.$inferSelect;

/** The jobs that carry a configuration to a device; one open at a time per device, the newest. */
const CONFIG_JOB_KINDS = ['apply_config', 'full_sync'] as const;
const OPEN = ['queued', 'sent'] as const;

export async function findDeviceHashes(db: Db, tenantId: string, deviceId: string) {
  const [row] = await db
    .select({ id: devices.id, desired: devices.configHash, reported: devices.appliedConfigHash })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId), eq(devices.claimed, true)));
  return row;
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
 * Devices of tenants with a web filter whose desired document has no web_filter section yet
 * (enrolled or claimed after the tenant's last change): per tenant, at most `limit` of them.
 */
export async function devicesMissingWebFilter(db: Db, limit: number): Promise<{ tenantId: string; deviceId: string }[]> {
  const rows = (await db.execute(sql`
    select d.tenant_id, d.id from devices d
    join webfilter_settings w on w.tenant_id = d.tenant_id
    where d.claimed and not exists (
      select 1 from config_revisions r where r.device_id = d.id and r.document ? 'web_filter'
        and r.number = (select max(number) from config_revisions r2 where r2.device_id = d.id))
    order by d.tenant_id, d.id limit ${limit}`)) as unknown as { rows: { tenant_id: string; id: string }[] };
  return rows.rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.id }));
}

/**
 * Devices of tenants with zero trust whose desired document lacks its zero-trust section or holds
 * an outdated one: endpoints without a `ztna` section or whose section names another approval,
 * user or teams than the device has now (approved, signed in as someone else, or its user moved
 * between teams since), and app connectors without their `ztna_connector`; at most `limit` of them.
 */
export async function devicesMissingZtna(db: Db, limit: number): Promise<{ tenantId: string; deviceId: string }[]> {
  const rows = (await db.execute(sql`
    select d.tenant_id, d.id from devices d
    join ztna_settings z on z.tenant_id = d.tenant_id
    left join lateral (
      select r.document from config_revisions r where r.device_id = d.id order by r.number desc limit 1
    ) r on true
    where d.claimed and (
      (d.kind = 'endpoint' and (
        r.document is null or not r.document ? 'ztna'
        or (r.document->'ztna'->'identity'->>'approved')::boolean is distinct from d.approved
        or r.document->'ztna'->'identity'->>'user' is distinct from lower(d.username)
        or r.document->'ztna'->'identity'->'groups' is distinct from coalesce((
          select jsonb_agg(m.group_id::text order by m.group_id) from user_group_members m
          join user_groups g on g.id = m.group_id and g.tenant_id = d.tenant_id
          join users u on u.id = m.user_id
          where lower(u.email) = lower(d.username)), '[]'::jsonb)))
      or (d.kind = 'gateway' and exists (select 1 from ztna_connectors c where c.device_id = d.id)
        and (r.document is null or not r.document ? 'ztna_connector')))
    order by d.tenant_id, d.id limit ${limit}`)) as unknown as { rows: { tenant_id: string; id: string }[] };
  return rows.rows.map((r) => ({ tenantId: r.tenant_id, deviceId: r.id }));
}

/**
 * Stores the revisions, makes them desired and queues the pushes that carry them, a few
 * statements for any number of devices. A revision that only changes the device's own sections
 * (not what it runs) is stored without a push.
 */
export async function storeRevisions(tx: Db, revisions: NewRevision[], pushes: { revision: NewRevision; jobId: string }[]): Promise<void> {
  if (revisions.length === 0) return;
  await tx.insert(configRevisions).values(revisions);
  await queuePushes(tx, pushes);
}

/**
 * Queues the pushes of revisions, each an apply_config job keyed by its revision's id (the
 * commit gives the job that id), and makes them desired. Queuing a revision that is queued
 * already is a no-op: the key is taken, and that job is left open. An older push still open for
 * a device is cancelled: an older document must never land after a newer one, and the device
 * gets the newest whole document anyway.
 */
export async function queuePushes(tx: Db, pushes: { revision: NewRevision; jobId: string }[]): Promise<void> {
  if (pushes.length === 0) return;
  const pushed = pushes.map((p) => p.revision.deviceId);
  await tx
    .update(devices)
    .set({ configHash: sql`v.hash` })
    .from(
      sql`(values ${sql.join(
        pushes.map((p) => sql`(${p.revision.deviceId}::uuid, ${p.revision.hash})`),
        sql`, `,
      )}) as v(id, hash)`,
    )
    .where(sql`${devices.id} = v.id`);
  await tx
    .update(deviceJobs)
    .set({ state: 'cancelled', doneAt: new Date() })
    .where(
      and(
        inArray(deviceJobs.deviceId, pushed),
        inArray(deviceJobs.kind, [...CONFIG_JOB_KINDS]),
        inArray(deviceJobs.state, [...OPEN]),
        notInArray(
          deviceJobs.id,
          pushes.map((p) => p.jobId),
        ),
      ),
    );
  await tx
    .insert(deviceJobs)
    .values(
      pushes.map(({ revision: r, jobId }) => ({
        id: jobId,
        tenantId: r.tenantId,
        deviceId: r.deviceId,
        kind: 'apply_config' as const,
        payload: { revision_id: r.id, config_hash: r.hash, document: r.document },
        createdBy: r.authorId,
      })),
    )
    .onConflictDoNothing({ target: deviceJobs.id });
}

/** Whether a push is in flight, and the device's refusal of the desired revision when its last push of it failed. */
export async function pushState(db: Db, deviceId: string, desiredHash: string): Promise<{ inFlight: boolean; error: string | null }> {
  const [last] = await db
    .select({ state: deviceJobs.state, result: deviceJobs.result })
    .from(deviceJobs)
    .where(
      and(
        eq(deviceJobs.deviceId, deviceId),
        inArray(deviceJobs.kind, [...CONFIG_JOB_KINDS]),
        sql`${deviceJobs.payload}->>'config_hash' = ${desiredHash}`,
        sql`${deviceJobs.state} <> 'cancelled'`,
      ),
    )
    .orderBy(desc(deviceJobs.createdAt))
    .limit(1);
  if (!last) return { inFlight: false, error: null };
  return { inFlight: (OPEN as readonly string[]).includes(last.state), error: last.state === 'failed' ? (last.result ?? 'refused') : null };
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
