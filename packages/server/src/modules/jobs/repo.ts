import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceJobs, type JobKind, type JobState } from '../../db/schema/device-jobs';

/** Every statement on device_jobs: the job queue is the table's one owner. */

export type JobRow = typeof deviceJobs.$inferSelect;
export type NewJobRow = typeof deviceJobs.$inferInsert & { id: string };

const OPEN: JobState[] = ['queued', 'sent'];

/** Inserts the jobs whose id is not taken; answers the ids inserted now (a taken id is that job already). */
export async function insertJobs(db: Db, rows: NewJobRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db.insert(deviceJobs).values(rows).onConflictDoNothing().returning({ id: deviceJobs.id });
  return new Set(inserted.map((r) => r.id));
}

/**
 * An open job of the device of this kind that carries this very payload (one request on its way is
 * enough). Compared as stored: a payload holding a secret (sealed differently each time) never
 * matches, which only status requests, carrying none, rely on.
 */
export async function findOpenAlike(db: Db, deviceId: string, kind: JobKind, payload: Record<string, unknown>): Promise<string | undefined> {
  const [row] = await db
    .select({ id: deviceJobs.id })
    .from(deviceJobs)
    .where(
      and(
        eq(deviceJobs.deviceId, deviceId),
        eq(deviceJobs.kind, kind),
        inArray(deviceJobs.state, OPEN),
        sql`${deviceJobs.payload} = ${JSON.stringify(payload)}::jsonb`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** Cancels the open jobs of these devices (of these kinds, but those kept); answers the jobs cancelled. */
export async function cancelOpen(
  db: Db,
  scope: { deviceIds: string[]; kinds?: readonly JobKind[]; keep?: string[] },
  reason: string | null,
): Promise<JobRow[]> {
  if (scope.deviceIds.length === 0) return [];
  return db
    .update(deviceJobs)
    .set({ state: 'cancelled', result: reason, doneAt: new Date() })
    .where(
      and(
        inArray(deviceJobs.deviceId, scope.deviceIds),
        inArray(deviceJobs.state, OPEN),
        scope.kinds ? inArray(deviceJobs.kind, [...scope.kinds]) : undefined,
        scope.keep?.length ? notInArray(deviceJobs.id, scope.keep) : undefined,
      ),
    )
    .returning();
}

/** Cancels these jobs if still open; answers those cancelled now. */
export async function cancelJobs(db: Db, ids: string[], reason: string): Promise<JobRow[]> {
  if (ids.length === 0) return [];
  return db
    .update(deviceJobs)
    .set({ state: 'cancelled', result: reason, doneAt: new Date() })
    .where(and(inArray(deviceJobs.id, ids), inArray(deviceJobs.state, OPEN)))
    .returning();
}

/** Jobs not yet acknowledged, oldest first: delivery is at least once, so 'sent' ones go again after a reconnect. */
export async function openJobs(db: Db, deviceId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(deviceJobs)
    .where(and(eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.state, OPEN)))
    .orderBy(deviceJobs.createdAt);
}

export async function findJob(db: Db, jobId: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(deviceJobs).where(eq(deviceJobs.id, jobId));
  return row;
}

/** Marks queued jobs sent; answers the ids that were queued until now (a job sent again is not). */
export async function markSent(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const sent = await db
    .update(deviceJobs)
    .set({ state: 'sent', sentAt: new Date() })
    .where(and(inArray(deviceJobs.id, ids), eq(deviceJobs.state, 'queued')))
    .returning({ id: deviceJobs.id });
  return new Set(sent.map((r) => r.id));
}

/** Closes an open job of this device; answers it, or nothing when it was closed already (answering twice changes nothing). */
export async function closeOpen(db: Db, deviceId: string, jobId: string, state: 'done' | 'failed', result: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(deviceJobs)
    .set({ state, result, doneAt: new Date() })
    .where(and(eq(deviceJobs.id, jobId), eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.state, OPEN)))
    .returning();
  return row;
}

/**
 * Fails a job of these kinds that the device took (sent, or answered done) and then undid; its
 * answer may have been lost, so a job still marked sent counts too.
 */
export async function failTaken(db: Db, deviceId: string, jobId: string, kinds: readonly JobKind[], reason: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(deviceJobs)
    .set({ state: 'failed', result: reason, doneAt: new Date() })
    .where(and(eq(deviceJobs.id, jobId), eq(deviceJobs.deviceId, deviceId), inArray(deviceJobs.state, ['sent', 'done']), inArray(deviceJobs.kind, [...kinds])))
    .returning();
  return row;
}

/** Where each of these jobs stands. */
export async function jobStates(db: Db, ids: string[]): Promise<Map<string, { state: JobState; result: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: deviceJobs.id, state: deviceJobs.state, result: deviceJobs.result }).from(deviceJobs).where(inArray(deviceJobs.id, ids));
  return new Map(rows.map((r) => [r.id, { state: r.state, result: r.result }]));
}
