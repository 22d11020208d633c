import { diagnosticEndLine, type JobArtifact, type JobOutput } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { ClosedJob, JobOwner } from '../jobs/index';
import * as repo from './repo';
import type { RunEvents } from './runs';

/** Ended runs of a transaction, told to the consoles once it is committed. */
type Ended = { row: repo.RunRow; line: string };

/**
 * The device's side of a diagnostic: its output pieces and its capture file as they come, and
 * its answer to the job (the owner of diagnostics jobs), which ends the run. A piece past the
 * run's time or output limit ends the run there, with a line that says which.
 */
export class DiagnosticIntake implements JobOwner {
  private readonly endedBy = new Map<string, Ended>();

  constructor(
    private readonly db: Db,
    private readonly events: RunEvents,
  ) {}

  /** A piece of output: kept and relayed (true), or a resend, or past the run (false: a duplicate to the device). */
  async output(deviceId: string, m: JobOutput): Promise<boolean> {
    const row = await repo.appendOutput(this.db, deviceId, m.job_id, m.chunk, m.data);
    if (row) {
      await this.events.output(row, m.chunk, m.data);
      return true;
    }
    const run = await repo.findRun(this.db, { deviceId }, m.job_id);
    if (!run || run.state !== 'running' || m.chunk < run.chunks) return false;
    if (run.deadlineAt <= new Date()) await this.events.enforceDeadline(run);
    else await this.events.limit(run.id, diagnosticEndLine.outputLimit());
    return false;
  }

  /** A part of a capture's file; true when kept now. */
  async artifact(deviceId: string, m: JobArtifact): Promise<boolean> {
    return repo.appendArtifact(this.db, deviceId, m.job_id, m.offset, Buffer.from(m.data, 'base64'), m.last);
  }

  /** The device answered (or the job was withdrawn): a run still going ends with it. */
  async closed(tx: Db, jobs: ClosedJob[]): Promise<void> {
    for (const job of jobs) {
      if (job.state === 'cancelled') continue;
      const run = await repo.findRun(tx, { deviceId: job.deviceId }, job.id);
      if (!run || run.state !== 'running') continue;
      // A stop asked for is kept in endReason while the run goes on.
      const stopped = run.endReason !== null;
      const state = stopped ? 'stopped' : job.state === 'done' ? 'done' : 'failed';
      const line = stopped ? run.endReason! : `--- ${job.state === 'done' ? 'done' : 'failed'}${job.result ? `: ${job.result}` : ''} ---`;
      const ended = await repo.endRun(tx, job.id, state, line);
      if (ended) this.endedBy.set(job.id, { row: ended, line });
    }
  }

  async answered(job: ClosedJob): Promise<void> {
    const ended = this.endedBy.get(job.id);
    if (!ended) return;
    this.endedBy.delete(job.id);
    await this.events.ended(ended.row, ended.line);
  }
}
