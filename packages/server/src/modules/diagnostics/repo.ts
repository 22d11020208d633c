import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { DIAGNOSTIC_ARTIFACT_LIMIT_BYTES, DIAGNOSTIC_OUTPUT_LIMIT_BYTES } from '@netloom/domain';
import type { Db } from '../../db/client';
import { devices } from '../../db/read-models/devices';
import { diagnosticRuns, type DiagnosticRunState } from '../../db/schema/diagnostics';

export type RunRow = Omit<typeof diagnosticRuns.$inferSelect, 'artifact'> & { artifactBytes: number | null };
export type NewRunRow = typeof diagnosticRuns.$inferInsert;

/** Every column but the file itself, and the file's size. */
const RUN_COLUMNS = {
  id: diagnosticRuns.id,
  tenantId: diagnosticRuns.tenantId,
  deviceId: diagnosticRuns.deviceId,
  kind: diagnosticRuns.kind,
  params: diagnosticRuns.params,
  state: diagnosticRuns.state,
  output: diagnosticRuns.output,
  outputBytes: diagnosticRuns.outputBytes,
  chunks: diagnosticRuns.chunks,
  endReason: diagnosticRuns.endReason,
  startedBy: diagnosticRuns.startedBy,
  startedByEmail: diagnosticRuns.startedByEmail,
  startedAt: diagnosticRuns.startedAt,
  deadlineAt: diagnosticRuns.deadlineAt,
  endedAt: diagnosticRuns.endedAt,
  artifactDone: diagnosticRuns.artifactDone,
  artifactBytes: sql<number | null>`octet_length(${diagnosticRuns.artifact})`.mapWith((v) => (v === null ? null : Number(v))),
};

/** A claimed device of the tenant, as diagnostics need it. */
export async function findDevice(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name, kind: devices.kind, approved: devices.approved, publicIp: devices.publicIp, vpnIp: devices.vpnIp })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, id), eq(devices.claimed, true)));
  return row;
}

export async function insertRun(db: Db, row: NewRunRow): Promise<void> {
  await db.insert(diagnosticRuns).values(row);
}

export async function runningOf(db: Db, deviceId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select(RUN_COLUMNS)
    .from(diagnosticRuns)
    .where(and(eq(diagnosticRuns.deviceId, deviceId), eq(diagnosticRuns.state, 'running')));
  return row;
}

/** Runs still marked running past their deadline, oldest first: no instance's timer ended them (it restarted meanwhile). */
export async function overdueRuns(db: Db, now: Date, limit = 100): Promise<RunRow[]> {
  return db
    .select(RUN_COLUMNS)
    .from(diagnosticRuns)
    .where(and(eq(diagnosticRuns.state, 'running'), lte(diagnosticRuns.deadlineAt, now)))
    .orderBy(diagnosticRuns.deadlineAt)
    .limit(limit);
}

export async function latestRun(db: Db, tenantId: string, deviceId: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select(RUN_COLUMNS)
    .from(diagnosticRuns)
    .where(and(eq(diagnosticRuns.tenantId, tenantId), eq(diagnosticRuns.deviceId, deviceId)))
    .orderBy(desc(diagnosticRuns.startedAt))
    .limit(1);
  return row;
}

export async function findRun(db: Db, scope: { tenantId?: string; deviceId: string }, id: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select(RUN_COLUMNS)
    .from(diagnosticRuns)
    .where(
      and(eq(diagnosticRuns.id, id), eq(diagnosticRuns.deviceId, scope.deviceId), scope.tenantId ? eq(diagnosticRuns.tenantId, scope.tenantId) : undefined),
    );
  return row;
}

/**
 * Adds a piece of output from the device: only to a running run within its time and output
 * limits, and only a piece not kept already (numbered from the next one expected). Answers the
 * run when it was kept.
 */
export async function appendOutput(db: Db, deviceId: string, id: string, chunk: number, data: string): Promise<RunRow | undefined> {
  const bytes = Buffer.byteLength(data);
  const [row] = await db
    .update(diagnosticRuns)
    .set({
      output: sql`${diagnosticRuns.output} || ${data}`,
      outputBytes: sql`${diagnosticRuns.outputBytes} + ${bytes}`,
      chunks: chunk + 1,
    })
    .where(
      and(
        eq(diagnosticRuns.id, id),
        eq(diagnosticRuns.deviceId, deviceId),
        eq(diagnosticRuns.state, 'running'),
        lte(diagnosticRuns.chunks, chunk),
        sql`${diagnosticRuns.outputBytes} + ${bytes} <= ${DIAGNOSTIC_OUTPUT_LIMIT_BYTES}`,
        sql`${diagnosticRuns.deadlineAt} > now()`,
      ),
    )
    .returning(RUN_COLUMNS);
  return row;
}

/** Ends a running run with a line of its own as the last piece of output; answers it, or nothing when it had ended already. */
export async function endRun(db: Db, id: string, state: Exclude<DiagnosticRunState, 'running'>, line: string): Promise<RunRow | undefined> {
  const [row] = await db
    .update(diagnosticRuns)
    .set({
      state,
      endReason: line,
      endedAt: new Date(),
      output: sql`${diagnosticRuns.output} || ${`${line}\n`}`,
      chunks: sql`${diagnosticRuns.chunks} + 1`,
    })
    .where(and(eq(diagnosticRuns.id, id), eq(diagnosticRuns.state, 'running')))
    .returning(RUN_COLUMNS);
  return row;
}

/** Marks a stop asked for (the device answers it); answers false when the run is not running. */
export async function markStopAsked(db: Db, id: string, who: string): Promise<boolean> {
  const rows = await db
    .update(diagnosticRuns)
    .set({ endReason: who })
    .where(and(eq(diagnosticRuns.id, id), eq(diagnosticRuns.state, 'running')))
    .returning({ id: diagnosticRuns.id });
  return rows.length > 0;
}

/**
 * Adds a part of a capture's file at its offset (a resent part, at an offset kept already,
 * changes nothing), never past the file limit; answers whether it was kept now.
 */
export async function appendArtifact(db: Db, deviceId: string, id: string, offset: number, bytes: Buffer, last: boolean): Promise<boolean> {
  const size = sql`coalesce(octet_length(${diagnosticRuns.artifact}), 0)`;
  const rows = await db
    .update(diagnosticRuns)
    .set({
      artifact: sql`coalesce(${diagnosticRuns.artifact}, ''::bytea) || ${bytes}`,
      ...(last ? { artifactDone: new Date() } : {}),
    })
    .where(
      and(
        eq(diagnosticRuns.id, id),
        eq(diagnosticRuns.deviceId, deviceId),
        eq(diagnosticRuns.kind, 'capture'),
        sql`${diagnosticRuns.artifactDone} is null`,
        sql`${size} = ${offset}`,
        sql`${size} + ${bytes.length} <= ${DIAGNOSTIC_ARTIFACT_LIMIT_BYTES}`,
      ),
    )
    .returning({ id: diagnosticRuns.id });
  return rows.length > 0;
}

/** A capture's complete file. */
export async function findArtifact(db: Db, tenantId: string, deviceId: string, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ artifact: diagnosticRuns.artifact })
    .from(diagnosticRuns)
    .where(
      and(
        eq(diagnosticRuns.id, id),
        eq(diagnosticRuns.tenantId, tenantId),
        eq(diagnosticRuns.deviceId, deviceId),
        sql`${diagnosticRuns.artifactDone} is not null`,
      ),
    );
  return row?.artifact ?? null;
}
