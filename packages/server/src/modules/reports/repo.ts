import { and, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenants } from '../../db/read-models/identity';
import { reportSchedules, reports } from '../../db/schema/reports';

export type ReportRecord = Omit<typeof reports.$inferSelect, 'content'>;
export type ScheduleRecord = typeof reportSchedules.$inferSelect;

// Every read but the download leaves the file out: a list must not carry megabytes.
const { content: _content, ...withoutFile } = getTableColumns(reports);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Queues a report unless its tenant already has `max` waiting or being made: the count and the
 * insert are one transaction holding the tenant's row, so requests arriving together (on any
 * instance) are counted one after the other and never pass the limit together. Null: over it.
 */
export async function insertReportWithinLimit(db: Db, values: typeof reports.$inferInsert, max: number): Promise<ReportRecord | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, values.tenantId)).for('update');
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.tenantId, values.tenantId), inArray(reports.status, ['queued', 'running'])));
    if ((pending?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(reports).values(values).returning(withoutFile);
    return row!;
  });
}

/** The tenant's reports, newest first. */
export function listReports(db: Db, tenantId: string, limit: number): Promise<ReportRecord[]> {
  return db.select(withoutFile).from(reports).where(eq(reports.tenantId, tenantId)).orderBy(desc(reports.createdAt)).limit(limit);
}

export async function findReport(db: Db, tenantId: string, id: string): Promise<ReportRecord | null> {
  const [row] = await db
    .select(withoutFile)
    .from(reports)
    .where(and(eq(reports.tenantId, tenantId), eq(reports.id, id)));
  return row ?? null;
}

export async function reportFile(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ status: reports.status, fileName: reports.fileName, contentType: reports.contentType, content: reports.content })
    .from(reports)
    .where(and(eq(reports.tenantId, tenantId), eq(reports.id, id)));
  return row ?? null;
}

export async function deleteReport(db: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(reports)
    .where(and(eq(reports.tenantId, tenantId), eq(reports.id, id)))
    .returning({ id: reports.id });
  return gone.length > 0;
}

/**
 * Takes the oldest queued report, or one whose claim went stale (its instance stopped mid-way),
 * for this instance: one statement, and `skip locked` keeps two instances from taking the same row.
 */
export async function claimNext(db: Db, now: Date, staleBefore: Date): Promise<ReportRecord | null> {
  const next = sql`(select ${reports.id} from ${reports}
      where ${reports.status} = 'queued' or (${reports.status} = 'running' and ${reports.claimedAt} < ${staleBefore.toISOString()})
      order by ${reports.createdAt} limit 1 for update skip locked)`;
  const [row] = await db
    .update(reports)
    .set({ status: 'running', claimedAt: now, progress: 0, error: null })
    .where(sql`${reports.id} = ${next}`)
    .returning(withoutFile);
  return row ?? null;
}

/** Moves the progress on and renews the claim, only while this instance still holds it (`claimedAt` it last set). */
export async function touchClaim(db: Db, id: string, claimedAt: Date, now: Date, progress: number): Promise<ReportRecord | null> {
  const [row] = await db
    .update(reports)
    .set({ progress, claimedAt: now })
    .where(and(eq(reports.id, id), eq(reports.status, 'running'), eq(reports.claimedAt, claimedAt)))
    .returning(withoutFile);
  return row ?? null;
}

export async function finishReport(
  db: Db,
  id: string,
  claimedAt: Date,
  file: { fileName: string; contentType: string; content: Uint8Array; finishedAt: Date; expiresAt: Date },
): Promise<ReportRecord | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'done', progress: 100, ...file, size: file.content.byteLength })
    .where(and(eq(reports.id, id), eq(reports.status, 'running'), eq(reports.claimedAt, claimedAt)))
    .returning(withoutFile);
  return row ?? null;
}

export async function failReport(db: Db, id: string, claimedAt: Date, error: string, end: { finishedAt: Date; expiresAt: Date }): Promise<ReportRecord | null> {
  const [row] = await db
    .update(reports)
    .set({ status: 'failed', error, ...end })
    .where(and(eq(reports.id, id), eq(reports.status, 'running'), eq(reports.claimedAt, claimedAt)))
    .returning(withoutFile);
  return row ?? null;
}

/** Deletes reports past their keeping time, finished or not, a batch per statement (files can be large); returns how many went. */
export async function sweepExpiredReports(db: Db, now: Date, stopped: () => boolean, batch = 50): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = rowsOf<{ id: string }>(
      await db.execute(sql`delete from ${reports} where ${reports.id} in
        (select ${reports.id} from ${reports} where ${reports.expiresAt} <= ${now.toISOString()} limit ${batch}) returning ${reports.id}`),
    );
    total += gone.length;
    if (gone.length < batch || stopped()) return total;
  }
}

// ---------------------------------------------------------------- schedules

export function listSchedules(db: Db, tenantId: string): Promise<ScheduleRecord[]> {
  return db.select().from(reportSchedules).where(eq(reportSchedules.tenantId, tenantId)).orderBy(reportSchedules.name, reportSchedules.createdAt);
}

export async function insertSchedule(db: Db, values: typeof reportSchedules.$inferInsert): Promise<ScheduleRecord> {
  const [row] = await db.insert(reportSchedules).values(values).returning();
  return row!;
}

export async function updateSchedule(db: Db, tenantId: string, id: string, set: Partial<typeof reportSchedules.$inferInsert>): Promise<ScheduleRecord | null> {
  const [row] = await db
    .update(reportSchedules)
    .set(set)
    .where(and(eq(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteSchedule(db: Db, tenantId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)))
    .returning({ id: reportSchedules.id });
  return gone.length > 0;
}

/** Enabled schedules whose time has come. */
export function dueSchedules(db: Db, now: Date, limit: number): Promise<ScheduleRecord[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.enabled, true), lte(reportSchedules.nextRunAt, now)))
    .orderBy(reportSchedules.nextRunAt)
    .limit(limit);
}

/**
 * Moves a due schedule on to its next run, only if nobody did since it was read: with several
 * instances exactly one update succeeds, and that instance queues the run's report in the same
 * transaction.
 */
export async function takeScheduledRun(db: Db, schedule: ScheduleRecord, next: Date, report: typeof reports.$inferInsert): Promise<ReportRecord | null> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(reportSchedules)
      .set({ nextRunAt: next, lastRunAt: schedule.nextRunAt })
      .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.nextRunAt, schedule.nextRunAt), eq(reportSchedules.enabled, true)))
      .returning({ id: reportSchedules.id });
    if (moved.length === 0) return null;
    const [row] = await tx.insert(reports).values(report).returning(withoutFile);
    return row!;
  });
}

/** A finished scheduled report's file and where it goes (null when the schedule was deleted meanwhile). */
export async function scheduledDelivery(db: Db, reportId: string) {
  const [row] = await db
    .select({
      recipients: reportSchedules.recipients,
      name: reportSchedules.name,
      fileName: reports.fileName,
      contentType: reports.contentType,
      content: reports.content,
    })
    .from(reports)
    .innerJoin(reportSchedules, and(eq(reportSchedules.id, reports.scheduleId), eq(reportSchedules.tenantId, reports.tenantId)))
    .where(eq(reports.id, reportId));
  return row ?? null;
}
