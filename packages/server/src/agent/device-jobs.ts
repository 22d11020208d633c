import type { ConfigChanged, ConfigReverted, JobResult, ServerMessage } from '@netloom/domain';
import type { DeviceRecord } from '../fleet/device-row';
import type { AgentContext, OutgoingJob } from './context';
import { findKeptFields } from './repo';

/**
 * A connected device's side of the job queue: jobs go out as they are announced (and all open
 * ones when it comes online), answers go back to the queue, which tells each job's owner. What a
 * job means is its owner's business; after any step the device's row is read again for what the
 * owners keep there (the desired configuration, where its push stands) and the consoles told.
 */
export class DeviceJobs {
  constructor(
    private readonly ctx: AgentContext,
    private readonly send: (message: ServerMessage) => void,
  ) {}

  /** The device came online: everything open goes out, oldest first. */
  async deliverOpen(device: DeviceRecord): Promise<void> {
    for (const job of await this.ctx.jobs.take(device.id)) this.sendJob(job);
  }

  /** A job was announced for the device (from a REST call, a drift repair; on any instance). */
  async deliverAnnounced(device: DeviceRecord, jobId: string): Promise<void> {
    const job = await this.ctx.jobs.takeAnnounced(device.id, jobId);
    if (!job) return;
    this.sendJob(job);
    await this.moved(device);
  }

  /**
   * A job's result. Closing a job is idempotent, so a result is applied whenever it comes (a late
   * one too); it is a duplicate when the job was closed already, and then the hash it names is old
   * news. Answers whether it was a duplicate.
   */
  async answered(device: DeviceRecord, r: JobResult): Promise<boolean> {
    const closedNow = await this.ctx.jobs.complete(device.id, {
      jobId: r.job_id,
      ok: r.ok,
      output: r.output,
      ...(r.config_hash !== undefined ? { runs: r.config_hash, runsSeq: r.seq } : {}),
    });
    if (closedNow && r.config_hash !== undefined) this.runs(device, r.config_hash, r.seq);
    if (closedNow) await this.moved(device);
    return !closedNow;
  }

  /** The device undid a push it could not confirm; what it runs now is the hash it names. Answers whether it was a duplicate. */
  async undone(device: DeviceRecord, r: ConfigReverted): Promise<boolean> {
    const recorded = await this.ctx.jobs.fail(device.id, {
      jobId: r.job_id,
      reason: `Reverted by the device: ${r.reason}`,
      runs: r.config_hash,
      runsSeq: r.seq,
    });
    if (recorded) {
      this.runs(device, r.config_hash, r.seq);
      await this.moved(device);
    }
    return !recorded;
  }

  /**
   * The configuration was changed on the box: what the device runs now, unless it has said
   * something newer since (then the report is old news: a duplicate). Kept for the console's diff
   * and repaired as any drift.
   */
  async changedOnBox(device: DeviceRecord, m: ConfigChanged): Promise<boolean> {
    if (m.seq <= device.appliedConfigSeq) return true;
    this.runs(device, m.config_hash, m.seq);
    await this.ctx.drift.changedOnBox(device, { hash: m.config_hash, seq: m.seq, document: m.document });
    await this.ctx.publishDevice(device);
    return false;
  }

  /**
   * Checked on every heartbeat, in memory: nearly every device runs its desired configuration. One
   * that runs another is the configuration engine's to repair (a full sync, when it wants one).
   */
  async checkDrift(device: DeviceRecord): Promise<void> {
    if (device.configHash && device.configHash !== device.appliedConfigHash) await this.ctx.drift.drifted(device.id);
  }

  /** What the device runs, said in its message `seq`: taken unless it has said something since. */
  private runs(device: DeviceRecord, hash: string | null, seq: number): void {
    if (seq <= device.appliedConfigSeq) return;
    device.appliedConfigSeq = seq;
    device.appliedConfigHash = hash;
  }

  private sendJob(job: OutgoingJob): void {
    this.send({ type: 'job', job_id: job.id, kind: job.kind, payload: job.payload });
  }

  /** The owners kept their part of the row as the job moved on: read it again, tell the consoles. */
  private async moved(device: DeviceRecord): Promise<void> {
    const kept = await findKeptFields(this.ctx.db, device.id);
    if (kept) Object.assign(device, kept);
    await this.ctx.publishDevice(device);
  }
}
