import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import type { JobKind, JobState } from '../../db/schema/device-jobs';
import { JOB_PURPOSES, purposeOf, type JobPurpose } from './purposes';
import * as repo from './repo';

export type { JobPurpose } from './purposes';

/** A job as the device is sent it. */
export interface OutgoingJob {
  id: string;
  kind: JobKind;
  payload: Record<string, unknown>;
}

export interface JobRequest {
  /** The job's key when the purpose has one (a push is keyed by its revision): a job of that id already is that job. */
  id?: string;
  tenantId: string;
  deviceId: string;
  /** Needed where the purpose has more than one kind. */
  kind?: JobKind;
  payload?: Record<string, unknown>;
  createdBy?: string | null;
}

export interface QueuedJob {
  id: string;
  deviceId: string;
  /** False: an open job answered the request (its id), or one that may be open only once per device was open already. */
  created: boolean;
}

/** A device's answer to a job; `runs` is the configuration hash it says it runs now, when it says one. */
export interface JobAnswer {
  jobId: string;
  ok: boolean;
  output: string;
  runs?: string | null;
  /** The seq of the device's message that said it (reports of what a device runs are ordered by it). */
  runsSeq?: number;
}

/** A device undid a job it had taken (a configuration it could not keep); it runs `runs` now. */
export interface JobUndone {
  jobId: string;
  reason: string;
  runs: string | null;
  runsSeq?: number;
}

/** A job that closed: answered (done or failed), undone (failed) or withdrawn (cancelled). */
export interface ClosedJob {
  id: string;
  tenantId: string;
  deviceId: string;
  kind: JobKind;
  payload: Record<string, unknown>;
  state: Extract<JobState, 'done' | 'failed' | 'cancelled'>;
  result: string | null;
  /** What the device said it runs with its answer, and the seq of that message. */
  runs?: string | null;
  runsSeq?: number;
}

/** Who a purpose's jobs belong to: told when they close, registered in the composition root. */
export interface JobOwner {
  /** Inside the transaction that closed them (the caller's, when a request or a removal withdrew them). */
  closed(tx: Db, jobs: ClosedJob[]): Promise<void>;
  /** Once the device's answer is stored: consoles may be told. */
  answered?(job: ClosedJob): Promise<void>;
  /** Jobs of the purpose went out to their device for the first time (a bulk push's progress). */
  sent?(jobs: SentJob[]): Promise<void>;
}

/** A job on its way to its device. */
export interface SentJob {
  id: string;
  tenantId: string;
  deviceId: string;
  kind: JobKind;
}

const closedJob = (row: repo.JobRow, runs?: string | null, runsSeq?: number): ClosedJob => ({
  id: row.id,
  tenantId: row.tenantId,
  deviceId: row.deviceId,
  kind: row.kind,
  payload: row.payload,
  state: row.state as ClosedJob['state'],
  result: row.result,
  ...(runs !== undefined ? { runs } : {}),
  ...(runsSeq !== undefined ? { runsSeq } : {}),
});

/**
 * The devices' work, in one place: jobs are queued by purpose (a configuration, a reboot, a status
 * request), delivered at least once by the agent gateway, and closed by the device's answer, its
 * undoing, or their withdrawal; each purpose's owner hears of its jobs closing. Nothing else
 * writes device_jobs.
 */
export class JobQueue {
  private readonly owners = new Map<JobPurpose, JobOwner>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  /** The owner of a purpose's jobs (one per purpose). */
  handle(purpose: JobPurpose, owner: JobOwner): void {
    if (this.owners.has(purpose)) throw new Error(`jobs of ${purpose} have an owner already`);
    this.owners.set(purpose, owner);
  }

  /**
   * Queues jobs of a purpose inside the caller's transaction, by the purpose's rule for the
   * device's open jobs (see OpenRule). Announce them once that transaction is committed.
   */
  async enqueue(tx: Db, purpose: JobPurpose, requests: JobRequest[]): Promise<QueuedJob[]> {
    const { kinds, open } = JOB_PURPOSES[purpose];
    const rows: repo.NewJobRow[] = [];
    const queued: QueuedJob[] = [];
    for (const r of requests) {
      const kind = r.kind ?? kinds[0];
      if (!(kinds as readonly JobKind[]).includes(kind)) throw new Error(`a ${kind} job is no ${purpose}`);
      const payload = r.payload ?? {};
      const same = open === 'reuse' ? await repo.findOpenAlike(tx, r.deviceId, kind, payload) : undefined;
      if (same) {
        queued.push({ id: same, deviceId: r.deviceId, created: false });
        continue;
      }
      const id = r.id ?? crypto.randomUUID();
      rows.push({ id, tenantId: r.tenantId, deviceId: r.deviceId, kind, payload, createdBy: r.createdBy ?? null });
      queued.push({ id, deviceId: r.deviceId, created: true });
    }
    if (open === 'replace') {
      const cancelled = await repo.cancelOpen(tx, { deviceIds: [...new Set(rows.map((r) => r.deviceId))], kinds, keep: rows.map((r) => r.id) }, null);
      await this.tell(
        tx,
        cancelled.map((c) => closedJob(c)),
      );
    }
    const inserted = await repo.insertJobs(tx, rows);
    return queued.map((q) => (q.created && !inserted.has(q.id) ? { ...q, created: false } : q));
  }

  /** Tells the devices' connections, on whichever instance, that jobs wait for them. */
  async announce(jobs: readonly Pick<QueuedJob, 'id' | 'deviceId'>[]): Promise<void> {
    for (const j of jobs) await this.bus.publish(topics.device(j.deviceId), { kind: 'job', job_id: j.id });
  }

  /** The device's open jobs, oldest first. */
  listOpen(db: Db, deviceId: string): Promise<repo.JobRow[]> {
    return repo.openJobs(db, deviceId);
  }

  /** Where these jobs stand (a bulk push's progress). */
  states(db: Db, ids: string[]) {
    return repo.jobStates(db, ids);
  }

  /** Everything open for a device that has just connected, marked sent. */
  async take(deviceId: string): Promise<OutgoingJob[]> {
    const open = await repo.openJobs(this.db, deviceId);
    await this.markSent(open);
    return open.map((j) => ({ id: j.id, kind: j.kind, payload: j.payload }));
  }

  /** An announced job, marked sent, if it is this device's and still open. */
  async takeAnnounced(deviceId: string, jobId: string): Promise<OutgoingJob | null> {
    const job = await repo.findJob(this.db, jobId);
    if (!job || job.deviceId !== deviceId || (job.state !== 'queued' && job.state !== 'sent')) return null;
    await this.markSent([job]);
    return { id: job.id, kind: job.kind, payload: job.payload };
  }

  private async markSent(jobs: repo.JobRow[]): Promise<void> {
    const sent = await repo.markSent(
      this.db,
      jobs.map((j) => j.id),
    );
    const byPurpose = new Map<JobPurpose, SentJob[]>();
    for (const j of jobs) {
      if (!sent.has(j.id)) continue;
      const purpose = purposeOf(j.kind);
      byPurpose.set(purpose, [...(byPurpose.get(purpose) ?? []), { id: j.id, tenantId: j.tenantId, deviceId: j.deviceId, kind: j.kind }]);
    }
    for (const [purpose, went] of byPurpose) await this.owners.get(purpose)?.sent?.(went);
  }

  /** The device's answer closes the job once; false when it was closed already (a resend, a late answer). */
  async complete(deviceId: string, answer: JobAnswer): Promise<boolean> {
    const closed = await this.db.transaction(async (tx) => {
      const row = await repo.closeOpen(tx, deviceId, answer.jobId, answer.ok ? 'done' : 'failed', answer.output);
      if (!row) return null;
      const job = closedJob(row, answer.runs, answer.runsSeq);
      await this.tell(tx, [job]);
      return job;
    });
    if (closed) await this.ownerOf(closed.kind)?.answered?.(closed);
    return closed !== null;
  }

  /** The device undid a job it had taken (only a purpose that allows it): the job fails with its reason. False when nothing changed. */
  async fail(deviceId: string, undone: JobUndone): Promise<boolean> {
    const undoable = (Object.values(JOB_PURPOSES) as { kinds: readonly JobKind[]; undoable: boolean }[]).filter((p) => p.undoable).flatMap((p) => p.kinds);
    const closed = await this.db.transaction(async (tx) => {
      const row = await repo.failTaken(tx, deviceId, undone.jobId, undoable, undone.reason);
      if (!row) return null;
      const job = closedJob(row, undone.runs, undone.runsSeq);
      await this.tell(tx, [job]);
      return job;
    });
    if (closed) await this.ownerOf(closed.kind)?.answered?.(closed);
    return closed !== null;
  }

  /** Withdraws the devices' open jobs, inside the caller's transaction: they will not be answered (the device left the inventory). */
  async expire(tx: Db, deviceIds: string[], reason: string): Promise<void> {
    const cancelled = await repo.cancelOpen(tx, { deviceIds }, reason);
    await this.tell(
      tx,
      cancelled.map((c) => closedJob(c)),
    );
  }

  /** Withdraws these jobs if still open, inside the caller's transaction (a diagnostic the server stopped): a late answer is a duplicate. */
  async withdraw(tx: Db, jobIds: string[], reason: string): Promise<void> {
    const cancelled = await repo.cancelJobs(tx, jobIds, reason);
    await this.tell(
      tx,
      cancelled.map((c) => closedJob(c)),
    );
  }

  private ownerOf(kind: JobKind): JobOwner | undefined {
    return this.owners.get(purposeOf(kind));
  }

  /** Each owner hears of its closed jobs together, in the transaction that closed them. */
  private async tell(tx: Db, jobs: ClosedJob[]): Promise<void> {
    const byPurpose = new Map<JobPurpose, ClosedJob[]>();
    for (const job of jobs) {
      const purpose = purposeOf(job.kind);
      byPurpose.set(purpose, [...(byPurpose.get(purpose) ?? []), job]);
    }
    for (const [purpose, closed] of byPurpose) await this.owners.get(purpose)?.closed(tx, closed);
  }
}
