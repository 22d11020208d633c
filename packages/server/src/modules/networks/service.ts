import type { Network } from '@netloom/domain';
import type { Db } from '../../db/client';
import type { EventBus } from '../../bus/event-bus';
import { topics } from '../../bus/topics';
import { errors } from '../../http/errors';
import { audit, type Actor } from '../../http/access';
import { toDeviceRow, type DeviceRecord } from '../../fleet/device-row';
import { existingDeviceIds } from '../../fleet/repo';
import { isUniqueViolation } from '../../db/errors';
import * as repo from './repo';
import type { RegroupPort } from './ports';

const duplicate = () => errors.invalid({ name: ['A device group with this name already exists'] }, 'A device group with this name already exists.');

/**
 * Device groups: names unique per tenant ignoring case; moves are pushed to open consoles, and to
 * the gateways whose overlay mesh a move changes.
 */
export class NetworkService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly config: RegroupPort,
  ) {}

  list(tenantId: string): Promise<Network[]> {
    return repo.listNetworks(this.db, tenantId);
  }

  async get(tenantId: string, id: string): Promise<Network> {
    const network = await repo.findNetwork(this.db, tenantId, id);
    if (!network) throw errors.notFound();
    return network;
  }

  async create(actor: Actor, name: string): Promise<Network> {
    const tenantId = actor.scope.tenantId;
    if (await repo.nameTaken(this.db, tenantId, name)) throw duplicate();
    const row = await this.db
      .transaction(async (tx) => {
        const inserted = await repo.insertNetwork(tx, tenantId, name);
        await audit(tx, actor, 'network.created', inserted.id, { name });
        return inserted;
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? duplicate() : e;
      });
    return { id: row.id, networkName: row.name, devices: 0 };
  }

  async rename(actor: Actor, id: string, name: string): Promise<Network> {
    const tenantId = actor.scope.tenantId;
    const before = await this.get(tenantId, id);
    if (await repo.nameTaken(this.db, tenantId, name, id)) throw duplicate();
    await this.db
      .transaction(async (tx) => {
        await repo.renameNetwork(tx, tenantId, id, name);
        await audit(tx, actor, 'network.renamed', id, { from: before.networkName, to: name });
      })
      .catch((e: unknown) => {
        throw isUniqueViolation(e) ? duplicate() : e;
      });
    return { ...before, networkName: name };
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    const before = await this.get(tenantId, id);
    const [moved, outcomes] = await this.db.transaction(async (tx) => {
      const devices = await repo.deleteNetwork(tx, tenantId, id);
      await audit(tx, actor, 'network.deleted', id, { name: before.networkName, devices: devices.length });
      return [devices, await this.config.regrouped(tx, actor, { deviceIds: devices.map((d) => d.id), groupIds: [id] })] as const;
    });
    await this.config.announce(outcomes);
    await this.publish(tenantId, moved);
  }

  /** The group's members become exactly `deviceIds`; an id that is not the tenant's answers 404. */
  async setMembers(actor: Actor, id: string, deviceIds: string[]): Promise<Network> {
    const tenantId = actor.scope.tenantId;
    await this.get(tenantId, id);
    const ids = [...new Set(deviceIds)];
    const known = await existingDeviceIds(this.db, tenantId, ids);
    if (known.size !== ids.length) throw errors.notFound();
    const [changed, outcomes] = await this.db.transaction(async (tx) => {
      // The groups the newcomers leave lose a member too.
      const left = await repo.groupsOf(tx, tenantId, ids);
      const moved = await repo.setMembers(tx, tenantId, id, ids);
      await audit(tx, actor, 'network.members_set', id, { device_ids: ids, changed: moved.length });
      const outcomes = moved.length ? await this.config.regrouped(tx, actor, { deviceIds: moved.map((d) => d.id), groupIds: [id, ...left] }) : [];
      return [moved, outcomes] as const;
    });
    await this.config.announce(outcomes);
    await this.publish(tenantId, changed);
    return this.get(tenantId, id);
  }

  private async publish(tenantId: string, changed: DeviceRecord[]): Promise<void> {
    for (const d of changed) await this.bus.publish(topics.tenantDevices(tenantId), { kind: 'device', row: toDeviceRow(d) });
  }
}
