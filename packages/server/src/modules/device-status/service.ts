import {
  emptySnapshot,
  isReachable,
  statusSnapshotSchema,
  type DeviceStatusAnswer,
  type StatusKind,
  type TenantBgpEntry,
  type TenantTunnelsEntry,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import type { Actor } from '../../http/access';
import { AppError, errors } from '../../http/errors';
import type { JobQueue } from '../jobs/index';
import * as repo from './repo';

/** Whose report a tenant-wide row is, when it was made and whether its device is in touch now. */
const reportOf = (row: { deviceId: string; deviceName: string; deviceStatus: string; lastSeenAt: Date | null; at: Date }) => ({
  device_id: row.deviceId,
  device_name: row.deviceName,
  at: row.at.toISOString(),
  reachable: isReachable({ deviceStatus: row.deviceStatus, lastSeenTime: row.lastSeenAt?.toISOString() ?? null }),
});

/** What of the job queue status requests use. */
export type StatusJobs = Pick<JobQueue, 'enqueue' | 'announce'>;

/** Devices' status snapshots: the newest of each kind, and asking a device for a fresh one. */
export class DeviceStatusService {
  constructor(
    private readonly db: Db,
    private readonly jobs: StatusJobs,
  ) {}

  async get(actor: Actor, deviceId: string, kind: StatusKind): Promise<DeviceStatusAnswer> {
    if (!(await repo.findDevice(this.db, actor.scope.tenantId, deviceId))) throw errors.notFound();
    const row = await repo.findSnapshot(this.db, deviceId, kind);
    // What a device sent is checked again on the way out: a snapshot of an older protocol is not shown as this one.
    const snapshot = row ? statusSnapshotSchema.safeParse(row.data) : null;
    if (!row || !snapshot?.success) return { device_id: deviceId, kind, at: null, snapshot: emptySnapshot(kind) };
    return { device_id: deviceId, kind, at: row.at.toISOString(), snapshot: snapshot.data };
  }

  /** Every gateway of the tenant that reported BGP running, with its neighbours. */
  async tenantBgp(actor: Actor): Promise<TenantBgpEntry[]> {
    const rows = await repo.tenantSnapshots(this.db, actor.scope.tenantId, 'bgp');
    const out: TenantBgpEntry[] = [];
    for (const row of rows) {
      const parsed = statusSnapshotSchema.safeParse(row.data);
      if (!parsed.success || parsed.data.kind !== 'bgp' || !parsed.data.local) continue;
      out.push({ ...reportOf(row), local: parsed.data.local, neighbours: parsed.data.entries });
    }
    return out;
  }

  /** Every gateway of the tenant that reported IPsec tunnels, with their states (the VPN status page). */
  async tenantTunnels(actor: Actor): Promise<TenantTunnelsEntry[]> {
    const rows = await repo.tenantSnapshots(this.db, actor.scope.tenantId, 'ipsec');
    const out: TenantTunnelsEntry[] = [];
    for (const row of rows) {
      const parsed = statusSnapshotSchema.safeParse(row.data);
      if (!parsed.success || parsed.data.kind !== 'ipsec' || parsed.data.entries.length === 0) continue;
      out.push({ ...reportOf(row), tunnels: parsed.data.entries });
    }
    return out;
  }

  /** Asks the device for a fresh snapshot (a job it answers); one request at a time per kind. */
  async refresh(actor: Actor, deviceId: string, kind: StatusKind): Promise<{ job_id: string }> {
    const device = await repo.findDevice(this.db, actor.scope.tenantId, deviceId);
    if (!device) throw errors.notFound();
    if (!device.approved) throw new AppError(409, 'not_approved', 'The device is not approved yet.');
    // A request of the same snapshot still on its way is the answer: asking again queues nothing new.
    const [job] = await this.jobs.enqueue(this.db, 'status', [{ tenantId: actor.scope.tenantId, deviceId, payload: { kind }, createdBy: actor.userId }]);
    if (job!.created) await this.jobs.announce([job!]);
    return { job_id: job!.id };
  }
}
