import { diagnosticEndLine, diagnosticParamsSchema, diagnosticTimeLimitSeconds, type DiagnosticRun } from '@netloom/domain';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import type { JobQueue } from '../jobs/index';
import * as repo from './repo';

/** What of the job queue diagnostics use. */
export type DiagnosticJobs = Pick<JobQueue, 'enqueue' | 'announce' | 'withdraw' | 'states'>;

/** A run as the API answers it. */
export function runOf(row: repo.RunRow): DiagnosticRun {
  return {
    id: row.id,
    device_id: row.deviceId,
    kind: row.kind as DiagnosticRun['kind'],
    params: row.params,
    state: row.state,
    started_at: row.startedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    started_by: row.startedByEmail,
    end_reason: row.state === 'running' ? null : row.endReason,
    output: row.output,
    chunks: row.chunks,
    artifact_bytes: row.artifactDone ? row.artifactBytes : null,
  };
}

/**
 * Where runs end and what the consoles hear of them: a run the server ends itself (past its time
 * or output limit) gets a last line saying why, its job is withdrawn so that the device, told to
 * stop, is never sent it again, and the consoles of its tenant hear the line and the end.
 */
export class RunEvents {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly jobs: DiagnosticJobs,
  ) {}

  async run(row: repo.RunRow): Promise<void> {
    const { output: _output, ...run } = runOf(row);
    await this.bus.publish(topics.tenantDiagnostics(row.tenantId), { kind: 'diagnostic_run', device_id: row.deviceId, run });
  }

  async output(row: repo.RunRow, chunk: number, data: string): Promise<void> {
    await this.bus.publish(topics.tenantDiagnostics(row.tenantId), { kind: 'diagnostic_output', device_id: row.deviceId, run_id: row.id, chunk, data });
  }

  /** Ends a running run past one of its limits; false when it had ended already. */
  async limit(id: string, line: string): Promise<boolean> {
    const ended = await this.db.transaction(async (tx) => {
      const row = await repo.endRun(tx, id, 'limited', line);
      if (row) await this.jobs.withdraw(tx, [id], line);
      return row;
    });
    if (!ended) return false;
    await this.bus.publish(topics.device(ended.deviceId), { kind: 'job_stop', job_id: id, reason: line });
    await this.ended(ended, line);
    return true;
  }

  /** A run that ended: its last line, then the run itself. */
  async ended(row: repo.RunRow, line: string): Promise<void> {
    await this.output(row, row.chunks - 1, `${line}\n`);
    await this.run(row);
  }

  /** A run past its deadline is ended now (no instance's timer did: it restarted meanwhile). */
  async enforceDeadline(row: repo.RunRow | undefined, now = new Date()): Promise<repo.RunRow | undefined> {
    if (!row || row.state !== 'running' || row.deadlineAt > now) return row;
    const params = diagnosticParamsSchema.safeParse(row.params);
    const seconds = params.success ? diagnosticTimeLimitSeconds(params.data) : Math.round((row.deadlineAt.getTime() - row.startedAt.getTime()) / 1000);
    await this.limit(row.id, diagnosticEndLine.timeLimit(seconds));
    return repo.findRun(this.db, { deviceId: row.deviceId }, row.id);
  }
}
