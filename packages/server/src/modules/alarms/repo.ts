import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AlarmKind, AlarmState } from '@netloom/domain';
import type { Db } from '../../db/client';
import { holdsSweepLock } from '../../db/periodic-sweep';
import { configRevisions } from '../../db/read-models/config';
import { devices } from '../../db/read-models/devices';
import { alarmReadMarks, alarms, alarmStates, tenantAlarmDefaults } from '../../db/schema/alarms';
import { queueForChannels } from './channels-repo';
import { alarmEventOf } from './events';

export interface AlarmChange {
  tenantId: string;
  deviceId: string;
  deviceName: string;
  /** Told in e-mails and webhooks beside the name: gateways may share a name, never a serial. */
  deviceSerial: string;
  kind: AlarmKind;
  subject: string;
  state: AlarmState;
  alarm: string;
  detail: string | null;
  at: Date;
}
export type AlarmRow = typeof alarms.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Stores a state change once: the subject's row changes only when its state differs, and only
 * the caller whose statement changed it writes the history row (and so notifies). No row counts
 * as OK, so an OK for a subject never seen is no change.
 */
export async function recordChange(db: Db, c: AlarmChange): Promise<AlarmRow | null> {
  return db.transaction(async (tx) => {
    const key = and(eq(alarmStates.deviceId, c.deviceId), eq(alarmStates.kind, c.kind), eq(alarmStates.subject, c.subject));
    const changed =
      c.state === 'OK'
        ? await tx
            .update(alarmStates)
            .set({ state: 'OK', changedAt: c.at })
            .where(and(key, sql`${alarmStates.state} <> 'OK'`))
            .returning({ state: alarmStates.state })
        : await tx
            .insert(alarmStates)
            .values({ deviceId: c.deviceId, kind: c.kind, subject: c.subject, state: c.state, changedAt: c.at })
            .onConflictDoUpdate({
              target: [alarmStates.deviceId, alarmStates.kind, alarmStates.subject],
              set: { state: c.state, changedAt: c.at },
              setWhere: sql`${alarmStates.state} <> excluded.state`,
            })
            .returning({ state: alarmStates.state });
    if (changed.length === 0) return null;
    const [row] = await tx
      .insert(alarms)
      .values({
        id: crypto.randomUUID(),
        tenantId: c.tenantId,
        deviceId: c.deviceId,
        kind: c.kind,
        subject: c.subject,
        state: c.state,
        alarm: c.alarm,
        detail: c.detail,
        createdAt: c.at,
      })
      .returning();
    // Queued with the alarm: what was stored is sent, even across a restart.
    await queueForChannels(tx, c.tenantId, row!.id, alarmEventOf(row!, c.deviceName, c.deviceSerial));
    return row!;
  });
}

/** The stored states of a device's subjects, for an instance that starts watching it. */
export async function deviceStates(db: Db, deviceId: string) {
  return db
    .select({ kind: alarmStates.kind, subject: alarmStates.subject, state: alarmStates.state })
    .from(alarmStates)
    .where(eq(alarmStates.deviceId, deviceId));
}

/** The alarm settings of the device's desired configuration (services → alarms), if it has any. */
export async function alarmSettingsOf(db: Db, deviceId: string): Promise<unknown> {
  const [row] = await db
    .select({ settings: sql<unknown>`${configRevisions.document} -> 'services' -> 'alarms'` })
    .from(configRevisions)
    .where(eq(configRevisions.deviceId, deviceId))
    .orderBy(desc(configRevisions.number))
    .limit(1);
  return row?.settings ?? null;
}

/** The tenant's default thresholds as stored, if an owner or admin saved some. */
export async function tenantAlarmDefaultsOf(db: Db, tenantId: string): Promise<unknown> {
  const [row] = await db.select({ settings: tenantAlarmDefaults.settings }).from(tenantAlarmDefaults).where(eq(tenantAlarmDefaults.tenantId, tenantId));
  return row?.settings ?? null;
}

export async function saveTenantAlarmDefaults(db: Db | Tx, tenantId: string, settings: Record<string, unknown>): Promise<void> {
  await db
    .insert(tenantAlarmDefaults)
    .values({ tenantId, settings, updatedAt: new Date() })
    .onConflictDoUpdate({ target: tenantAlarmDefaults.tenantId, set: { settings, updatedAt: new Date() } });
}

export async function findDevice(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name, wanStatus: devices.wanStatus })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, true)));
  return row;
}

export async function history(db: Db, q: { deviceId: string; kind: AlarmKind; subject?: string; offset: number; limit: number | null }) {
  const where = and(eq(alarms.deviceId, q.deviceId), eq(alarms.kind, q.kind), q.subject ? eq(alarms.subject, q.subject) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(alarms)
      .where(where)
      .orderBy(desc(alarms.createdAt), desc(alarms.id))
      .offset(q.offset)
      .limit(q.limit ?? 1_000_000),
    db.select({ n: count() }).from(alarms).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Interface names a device's alarms of a kind were raised for. */
export async function alarmSubjects(db: Db, deviceId: string, kind: AlarmKind): Promise<string[]> {
  const rows = await db
    .selectDistinct({ subject: alarmStates.subject })
    .from(alarmStates)
    .where(and(eq(alarmStates.deviceId, deviceId), eq(alarmStates.kind, kind)));
  return rows.map((r) => r.subject);
}

/** The tenant's newest alarms with their device's name, and the user's read mark. */
export async function newestAlarms(db: Db, tenantId: string, userId: string, limit: number) {
  const [rows, [mark]] = await Promise.all([
    db
      .select({ alarm: alarms, deviceName: devices.name })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(eq(alarms.tenantId, tenantId))
      .orderBy(desc(alarms.createdAt), desc(alarms.id))
      .limit(limit),
    db
      .select({ readUntil: alarmReadMarks.readUntil })
      .from(alarmReadMarks)
      .where(and(eq(alarmReadMarks.userId, userId), eq(alarmReadMarks.tenantId, tenantId))),
  ]);
  const readUntil = mark?.readUntil ?? null;
  const [unread] = await db
    .select({ n: count() })
    .from(alarms)
    .where(and(eq(alarms.tenantId, tenantId), readUntil ? gt(alarms.createdAt, readUntil) : undefined));
  return { rows, readUntil, unread: unread?.n ?? 0 };
}

export async function findAlarm(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ createdAt: alarms.createdAt })
    .from(alarms)
    .where(and(eq(alarms.tenantId, tenantId), eq(alarms.id, id)));
  return row;
}

/** Moves the user's read mark forward (never back: a late 'read' of an older list changes nothing). */
export async function markRead(db: Db, userId: string, tenantId: string, until: Date): Promise<void> {
  await db
    .insert(alarmReadMarks)
    .values({ userId, tenantId, readUntil: until })
    .onConflictDoUpdate({
      target: [alarmReadMarks.userId, alarmReadMarks.tenantId],
      set: { readUntil: until },
      setWhere: sql`${alarmReadMarks.readUntil} < excluded.read_until`,
    });
}

/** Deletes alarms older than the retention, a batch at a time. */
export async function pruneAlarms(db: Db, before: Date, batch: number, usesLock: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    if (usesLock && !(await holdsSweepLock(tx, 'alarms'))) return 0;
    const old = tx.select({ id: alarms.id }).from(alarms).where(lt(alarms.createdAt, before)).limit(batch);
    const gone = await tx
      .delete(alarms)
      .where(sql`${alarms.id} in (${old})`)
      .returning({ id: alarms.id });
    return gone.length;
  });
}

/** A device's newest alarms of every kind, the newest first (what a support ticket keeps of them). */
export async function recentDeviceAlarms(db: Db, tenantId: string, deviceId: string, limit: number) {
  return db
    .select()
    .from(alarms)
    .where(and(eq(alarms.tenantId, tenantId), eq(alarms.deviceId, deviceId)))
    .orderBy(desc(alarms.createdAt), desc(alarms.id))
    .limit(limit);
}
