import {
  AGENT_CLOSE,
  viewTypeKind,
  type AdminDevice,
  type ClaimDeviceBody,
  type DeviceListBody,
  type DeviceRow,
  type InterfaceMetrics,
  type SystemMetrics,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { EventBus } from '../../bus/event-bus';
import { topics, type DeviceTopicMessage } from '../../bus/topics';
import { newDeviceSecret } from '../../fleet/credentials';
import { AppError, errors } from '../../http/errors';
import { audit, type Actor } from '../../http/access';
import { toDeviceRow, type DeviceRecord } from '../../fleet/device-row';
import type { DeviceListSpec } from './list-query';
import * as fleetRepo from '../../fleet/repo';
import type { JobQueue } from '../jobs/index';
import * as repo from './repo';

/** What of the job queue the device inventory uses: a reboot queued, a removed device's jobs withdrawn. */
export type DeviceJobs = Pick<JobQueue, 'enqueue' | 'announce' | 'expire'>;

const serialTaken = () => errors.invalid({ serial: ['A device with this serial already exists'] }, 'A device with this serial already exists.');

/** Device actions: each changes the row, tells the device and the open consoles, and is audited. */
export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly jobs: DeviceJobs,
  ) {}

  async list(tenantId: string, spec: Omit<DeviceListSpec, 'tenantId'>): Promise<{ rows: DeviceRow[]; total: number }> {
    const { rows, total } = await repo.listDevices(this.db, { ...spec, tenantId });
    return { rows: rows.map(toDeviceRow), total };
  }

  async get(tenantId: string, id: string): Promise<DeviceRecord> {
    const device = await repo.findDevice(this.db, tenantId, id);
    if (!device) throw errors.notFound();
    return device;
  }

  async adminList(tenantId: string): Promise<AdminDevice[]> {
    return repo.adminDevices(this.db, tenantId);
  }

  async userDevices(tenantId: string, username: string): Promise<DeviceRow[]> {
    return (await repo.userDevices(this.db, tenantId, username)).map(toDeviceRow);
  }

  /** A pending device becomes approved and gets its own credential; only its hash is kept. */
  async approve(actor: Actor, id: string): Promise<DeviceRow> {
    const tenantId = actor.scope.tenantId;
    const device = await this.get(tenantId, id);
    if (device.approved) throw new AppError(409, 'already_approved', 'The device is already approved.');
    const { secret, hash } = newDeviceSecret();
    const row = await this.change(actor, id, { approved: true, credentialHash: hash }, 'device.approved');
    await this.tell(id, { kind: 'approved', credential: { device_id: id, secret } });
    return row;
  }

  /** Pre-registers an approved device so its later enrolment with this serial is accepted at once. */
  async claim(actor: Actor, body: ClaimDeviceBody): Promise<DeviceRow> {
    const tenantId = actor.scope.tenantId;
    const existing = await fleetRepo.findDeviceBySerial(this.db, tenantId, body.serial);
    if (existing?.claimed) throw serialTaken();
    const fields = {
      name: body.name,
      kind: body.kind,
      approved: true,
      active: true,
      claimed: true,
      credentialHash: null,
      rejectedAt: null,
      createdBy: actor.email,
    };
    // A device unclaimed earlier keeps its row (and history); claiming it again brings it back, rejected or not.
    const device = await this.db
      .transaction(async (tx) => {
        const claimed = existing
          ? (await repo.updateDevice(tx, tenantId, existing.id, fields, { includeUnclaimed: true }))!
          : await fleetRepo.insertDevice(tx, { id: crypto.randomUUID(), tenantId, serial: body.serial, ...fields });
        if (!claimed) throw serialTaken();
        await audit(tx, actor, 'device.claimed', claimed.id, { serial: body.serial, name: body.name, kind: body.kind });
        return claimed;
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? serialTaken() : e;
      });
    const row = toDeviceRow(device);
    await this.bus.publish(topics.tenantDevices(tenantId), { kind: 'device', row });
    return row;
  }

  /**
   * The device leaves the inventory with its approval, credential and open jobs (in the same
   * transaction): if it enrols again, it is a new device that is sent nothing of its earlier life.
   */
  async unclaim(actor: Actor, id: string): Promise<DeviceRow> {
    const tenantId = actor.scope.tenantId;
    await this.get(tenantId, id);
    const row = await this.changeWith(actor, id, 'device.unclaimed', async (tx) => {
      const removed = await repo.unclaimDevice(tx, tenantId, id);
      // Withdrawn, not failed: the device did not fail them.
      if (removed) await this.jobs.expire(tx, [id], AGENT_CLOSE.unclaimed.reason);
      return removed;
    });
    await this.tell(id, { kind: 'unclaimed' });
    return row;
  }

  /**
   * As unclaim, and the device stays out: refused at every hello, whatever key it holds, until
   * `readmit` (or a claim of its serial) lets it in again. Told so at once if it is connected.
   */
  async reject(actor: Actor, id: string): Promise<DeviceRow> {
    const tenantId = actor.scope.tenantId;
    await this.get(tenantId, id);
    const row = await this.changeWith(actor, id, 'device.rejected', async (tx) => {
      const removed = await repo.unclaimDevice(tx, tenantId, id, { rejected: true });
      if (removed) await this.jobs.expire(tx, [id], AGENT_CLOSE.rejected.reason);
      return removed;
    });
    await this.tell(id, { kind: 'rejected' });
    return row;
  }

  /** A rejected device is let in again, approved: its next hello gets its credential. */
  async readmit(actor: Actor, id: string): Promise<DeviceRow> {
    return this.changeWith(actor, id, 'device.readmitted', (tx) => repo.readmitDevice(tx, actor.scope.tenantId, id));
  }

  async setActive(actor: Actor, id: string, active: boolean): Promise<DeviceRow> {
    await this.get(actor.scope.tenantId, id);
    const row = await this.change(actor, id, { active }, active ? 'device.activated' : 'device.deactivated');
    if (!active) await this.tell(id, { kind: 'deactivated' });
    return row;
  }

  /** A reboot job the device acknowledges; delivered by the agent gateway, at least once. */
  async restart(actor: Actor, id: string): Promise<{ job_id: string }> {
    const device = await this.get(actor.scope.tenantId, id);
    if (!device.approved) throw new AppError(409, 'not_approved', 'The device is not approved yet.');
    const job = await this.db.transaction(async (tx) => {
      const [queued] = await this.jobs.enqueue(tx, 'reboot', [{ tenantId: actor.scope.tenantId, deviceId: id, createdBy: actor.userId }]);
      await audit(tx, actor, 'device.restart', id, { job_id: queued!.id });
      return queued!;
    });
    await this.jobs.announce([job]);
    return { job_id: job.id };
  }

  /** The interface popover's graphs: the last minutes of counters and pings, per interface. */
  async metrics(tenantId: string, id: string, minutes: number): Promise<InterfaceMetrics[]> {
    await this.get(tenantId, id);
    const points = await repo.metricsSince(this.db, id, new Date(Date.now() - minutes * 60_000));
    const byIface = new Map<string, InterfaceMetrics>();
    for (const p of points) {
      let entry = byIface.get(p.ifname);
      if (!entry) byIface.set(p.ifname, (entry = { ifname: p.ifname, points: [] }));
      entry.points.push({
        at: p.at.toISOString(),
        rx_bytes: p.rxBytes,
        tx_bytes: p.txBytes,
        latency_ms: p.latencyMs,
        loss_pct: p.lossPct,
        jitter_ms: p.jitterMs,
      });
    }
    return [...byIface.values()];
  }

  /** The overview's CPU and memory graphs: the last minutes of the box's load. */
  async systemMetrics(tenantId: string, id: string, minutes: number): Promise<SystemMetrics> {
    await this.get(tenantId, id);
    const points = await repo.systemMetricsSince(this.db, id, new Date(Date.now() - minutes * 60_000));
    return points.map((p) => ({ at: p.at.toISOString(), cpu_pct: p.cpuPct, memory_pct: p.memoryPct }));
  }

  /** A message for the device's agent connection, on whichever instance it is connected. */
  private tell(deviceId: string, message: DeviceTopicMessage): Promise<void> {
    return this.bus.publish(topics.device(deviceId), message);
  }

  /** Writes a patch of a claimed device, audits it and pushes the new row to open consoles. */
  private change(actor: Actor, id: string, patch: Partial<DeviceRecord>, action: string): Promise<DeviceRow> {
    return this.changeWith(actor, id, action, (tx) => repo.updateDevice(tx, actor.scope.tenantId, id, patch));
  }

  private async changeWith(actor: Actor, id: string, action: string, write: (tx: Db) => Promise<DeviceRecord | undefined>): Promise<DeviceRow> {
    const tenantId = actor.scope.tenantId;
    const device = await this.db.transaction(async (tx) => {
      const updated = await write(tx);
      if (!updated) throw errors.notFound();
      await audit(tx, actor, action, id);
      return updated;
    });
    const row = toDeviceRow(device);
    await this.bus.publish(topics.tenantDevices(tenantId), { kind: 'device', row });
    return row;
  }
}

const list = (v: string | string[]) => (Array.isArray(v) ? v : [v]);

/** Turns the table's filter payload into the list spec (tenant resolved by the caller). */
export function specFromBody(body: DeviceListBody): Omit<DeviceListSpec, 'tenantId'> {
  const spec: Omit<DeviceListSpec, 'tenantId'> = {
    networkIds: body.network_id ? [body.network_id] : [],
    kinds: body.type ? [viewTypeKind(body.type)] : [],
    statuses: [],
    os: [],
    users: [],
    locations: [],
    search: body.search?.trim() || null,
    sort: body.sort ?? null,
    offset: body.size === 0 ? 0 : (body.page - 1) * body.size,
    limit: body.size === 0 ? null : body.size,
  };
  for (const f of body.filters) {
    switch (f.key) {
      case 'status': {
        const product = f.type === 'endpoint' ? 'ztna' : f.type === 'device' ? 'sdwan' : null;
        if (product) spec.kinds.push(product === 'ztna' ? 'endpoint' : 'gateway');
        spec.statuses.push({ values: list(f.value) as DeviceListSpec['statuses'][number]['values'], product });
        break;
      }
      case 'os':
        spec.os.push(list(f.value));
        break;
      case 'user':
        spec.users.push(list(f.value));
        break;
      case 'location':
        spec.locations.push(list(f.value));
        break;
      case 'network_id':
        if (f.value) spec.networkIds.push(f.value);
        break;
      case 'type':
        spec.kinds.push(viewTypeKind(f.value));
        break;
      case 'tenant_id':
        break;
    }
  }
  return spec;
}
