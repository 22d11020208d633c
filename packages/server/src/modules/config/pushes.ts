import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import { configSyncOf, toDeviceRow } from '../../fleet/device-row';
import { devicesByIds } from '../../fleet/repo';
import { errors } from '../../http/errors';
import type { ClosedJob, JobOwner, JobQueue, SentJob } from '../jobs/index';
import type { CommitOutcome, PushQueue } from './commit';
import * as repo from './repo';

/** What of the job queue a configuration needs: queue its pushes, tell the devices' connections. */
export type ConfigJobs = Pick<JobQueue, 'enqueue' | 'announce' | 'states'>;

/**
 * How configurations travel: each new desired revision is an apply_config job keyed by its
 * revision (the newest cancels an older one still open), drift is repaired with a full_sync, and
 * as the device answers (or undoes a push it could not keep) the device's row says where the push
 * of its desired configuration stands. Consoles hear of each step on the live socket. The owner of
 * the queue's configuration jobs.
 */
export class ConfigPushes implements PushQueue, JobOwner {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly jobs: ConfigJobs,
  ) {}

  /** Inside the commit's transaction: queues the revisions' pushes and makes them desired. */
  async queue(tx: Db, revisions: repo.NewRevision[]): Promise<void> {
    if (revisions.length === 0) return;
    await this.jobs.enqueue(
      tx,
      'configuration',
      revisions.map((r) => ({
        id: r.id,
        tenantId: r.tenantId,
        deviceId: r.deviceId,
        kind: 'apply_config' as const,
        payload: { revision_id: r.id, config_hash: r.hash, document: r.document },
        createdBy: r.authorId,
      })),
    );
    await repo.markPushed(
      tx,
      revisions.map((r) => ({ deviceId: r.deviceId, hash: r.hash })),
    );
  }

  /** Once the commit is in: consoles see the devices syncing, then their connections (on whichever instance) send the jobs. */
  async announce(outcomes: CommitOutcome[]): Promise<void> {
    const pushed = outcomes.flatMap((o) => (o.outcome === 'pushed' ? [{ id: o.jobId, deviceId: o.deviceId }] : []));
    if (pushed.length === 0) return;
    await this.publishRows(pushed.map((p) => p.deviceId));
    await this.jobs.announce(pushed);
  }

  async closed(tx: Db, jobs: ClosedJob[]): Promise<void> {
    await repo.recordPushOutcomes(
      tx,
      jobs.map((j) => ({
        deviceId: j.deviceId,
        hash: typeof j.payload.config_hash === 'string' ? j.payload.config_hash : null,
        push: j.state === 'cancelled' ? null : j.state,
        error: j.state === 'failed' ? (j.result ?? 'refused') : null,
        ...(j.runs !== undefined ? { runs: j.runs, runsSeq: j.runsSeq ?? null } : {}),
      })),
    );
  }

  /** The device's connection republishes its row; the consoles showing its configuration read it again. */
  async answered(job: ClosedJob): Promise<void> {
    await this.publishSync([job.deviceId]);
  }

  /** Pushes on their way now: a bulk push's progress moves on (queued → syncing). */
  async sent(jobs: SentJob[]): Promise<void> {
    await this.publishSync(jobs.map((j) => j.deviceId));
  }

  /** Where these pushes stand (a bulk push's progress). */
  jobStates(db: Db, jobIds: string[]) {
    return this.jobs.states(db, jobIds);
  }

  /**
   * A device runs another configuration than the desired one (changed locally: drift): it gets the
   * whole desired document again, unless a push is on its way, it refused that very document (a
   * new revision is the way on), or auto-sync is off for it (the drift is shown and left alone).
   */
  async drifted(deviceId: string): Promise<void> {
    const facts = await repo.driftFacts(this.db, deviceId);
    if (!facts?.desired || facts.push === 'open' || facts.push === 'failed' || facts.autoSync === false) return;
    await this.sendWhole(deviceId, facts.tenantId, facts.desired);
  }

  /**
   * Someone changed the configuration on the box and the device said so, with what it runs now:
   * kept as its last drift (the console shows it against the desired one) and repaired as any drift.
   */
  async changedOnBox(device: { id: string; tenantId: string }, report: { hash: string; seq: number; document: Record<string, unknown> }): Promise<void> {
    await this.db.transaction((tx) => repo.recordDrift(tx, { deviceId: device.id, tenantId: device.tenantId, ...report }));
    await this.publishSync([device.id]);
    await this.drifted(device.id);
  }

  /** Re-sync asked for in the console: the desired document whole, now, auto-sync or not; not while a push is on its way. */
  async resync(deviceId: string): Promise<void> {
    const facts = await repo.driftFacts(this.db, deviceId);
    if (!facts?.desired) throw errors.conflict('This device has no saved configuration to send');
    if (facts.push === 'open') throw errors.conflict('A push to this device is already on its way');
    await this.sendWhole(deviceId, facts.tenantId, facts.desired);
  }

  private async sendWhole(deviceId: string, tenantId: string, hash: string): Promise<void> {
    const desired = await repo.desiredRevision(this.db, deviceId, hash);
    const payload = desired ? { revision_id: desired.id, config_hash: hash, document: desired.document } : { config_hash: hash };
    const opened = await this.db.transaction(async (tx) => {
      // One open full sync per device, whichever connection or instance noticed the drift first.
      const [job] = await this.jobs.enqueue(tx, 'configuration', [{ tenantId, deviceId, kind: 'full_sync', payload }]);
      if (!job?.created) return null;
      await repo.markPushed(tx, [{ deviceId, hash }]);
      await repo.recordResync(tx, deviceId);
      return job;
    });
    if (!opened) return;
    await this.publishSync([deviceId]);
    await this.jobs.announce([opened]);
  }

  /** The devices' rows (the device lists' config column) and their sync events. */
  private async publishRows(deviceIds: string[]): Promise<void> {
    const rows = await devicesByIds(this.db, deviceIds);
    await Promise.all(
      rows.flatMap((d) => [
        this.bus.publish(topics.tenantDevices(d.tenantId), { kind: 'device', row: toDeviceRow(d) }),
        this.bus.publish(topics.tenantConfig(d.tenantId), { kind: 'config', device_id: d.id, state: configSyncOf(d).state }),
      ]),
    );
  }

  private async publishSync(deviceIds: string[]): Promise<void> {
    const facts = await repo.syncFactsOf(this.db, deviceIds);
    await Promise.all(facts.map((d) => this.bus.publish(topics.tenantConfig(d.tenantId), { kind: 'config', device_id: d.id, state: configSyncOf(d).state })));
  }
}
