import { configHash, configSyncState, type ConfigDocument, type ConfigRevisionSource, type ConfigRevisionSummary, type DeviceConfig } from '@netloom/domain';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import * as repo from './repo';

const summary = (r: repo.RevisionRow): ConfigRevisionSummary => ({
  id: r.id,
  number: r.number,
  hash: r.hash,
  source: r.source,
  message: r.message,
  author_email: r.authorEmail,
  created_at: r.createdAt.toISOString(),
});

/**
 * A device's configuration: every save is an immutable revision, the newest is the desired one,
 * and a new desired one is pushed to the device as a job it acknowledges with the hash it runs.
 */
export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  async get(actor: Actor, deviceId: string): Promise<DeviceConfig> {
    const device = await repo.findDeviceHashes(this.db, actor.scope.tenantId, deviceId);
    if (!device) throw errors.notFound();
    const revision = await repo.latestRevision(this.db, deviceId);
    const push = device.desired ? await repo.pushState(this.db, deviceId, device.desired) : { inFlight: false, error: null };
    return {
      device_id: deviceId,
      revision: revision ? summary(revision) : null,
      document: revision?.document ?? {},
      sync: {
        state: configSyncState({
          desiredHash: revision ? device.desired : null,
          ackedHash: null,
          reportedHash: device.reported,
          pushInFlight: push.inFlight,
          lastError: push.error,
        }),
        desired_hash: revision ? device.desired : null,
        reported_hash: device.reported,
        error: push.error,
      },
    };
  }

  /**
   * Saves the document as the device's next revision and pushes it. A document equal to the
   * desired one (same canonical hash) makes no revision and no push: an unchanged save must never
   * leave a device out of sync.
   */
  async save(actor: Actor, deviceId: string, document: ConfigDocument, opts: { source: ConfigRevisionSource; message?: string }): Promise<DeviceConfig> {
    const hash = configHash(document);
    const pushed = await this.db.transaction(async (tx) => {
      if (!(await repo.lockDevice(tx, actor.scope.tenantId, deviceId))) throw errors.notFound();
      const latest = await repo.latestRevision(tx, deviceId);
      if (latest?.hash === hash) return null;
      const revision: repo.NewRevision = {
        id: crypto.randomUUID(),
        tenantId: actor.scope.tenantId,
        deviceId,
        number: (latest?.number ?? 0) + 1,
        document,
        hash,
        source: opts.source,
        message: opts.message || null,
        authorId: actor.userId,
        authorEmail: actor.email,
      };
      const jobId = crypto.randomUUID();
      await repo.storeRevisionAndPush(tx, revision, jobId);
      await audit(tx, actor, 'device.config_saved', deviceId, { revision: revision.number, source: opts.source, hash, previous_hash: latest?.hash ?? null });
      return jobId;
    });
    // The device's connection, on whichever instance, sends the job now; a device offline gets it on connect.
    if (pushed) await this.bus.publish(topics.device(deviceId), { kind: 'job', job_id: pushed });
    return this.get(actor, deviceId);
  }

  async revisions(actor: Actor, deviceId: string, page: { offset: number; limit: number | null }) {
    await this.device(actor, deviceId);
    const { rows, total } = await repo.listRevisions(this.db, deviceId, page);
    return { rows: rows.map(summary), total };
  }

  async revision(actor: Actor, deviceId: string, revisionId: string) {
    await this.device(actor, deviceId);
    const row = await repo.findRevision(this.db, deviceId, revisionId);
    if (!row) throw errors.notFound();
    return { ...summary(row), document: row.document };
  }

  /** Rolling back makes a new revision with the old document, so the history only grows. */
  async rollback(actor: Actor, deviceId: string, revisionId: string, message?: string): Promise<DeviceConfig> {
    const target = await this.revision(actor, deviceId, revisionId);
    return this.save(actor, deviceId, target.document, { source: 'rollback', message: message || `Rollback to revision ${target.number}` });
  }

  private async device(actor: Actor, deviceId: string) {
    const device = await repo.findDeviceHashes(this.db, actor.scope.tenantId, deviceId);
    if (!device) throw errors.notFound();
    return device;
  }
}
