import type { z } from 'zod';
import type { iotSegmentInputSchema } from '@netloom/domain';
import {
  applyIotVlan,
  applySegment,
  firewallSectionSchema,
  interfacesSectionSchema,
  iotVlan,
  removeIotVlan,
  removeSegment,
  segmentFor,
  servicesSectionSchema,
  iotVlanNetwork,
  type IotClass,
  type IotDeviceDetail,
  type IotSegment,
} from '@netloom/domain';
import type { Db } from '../../db/client';
import { audit, type Actor } from '../../http/access';
import { errors } from '../../http/errors';
import type { IotProfiles } from './profiles';
import * as repo from './repo';
import { segmentView } from './view';

type SegmentInput = z.output<typeof iotSegmentInputSchema>;
type Family = 'firewall' | 'interfaces' | 'services';

/**
 * A gateway's configuration as segmentation reads and changes it (the configuration service,
 * wired in the composition root): each family saved is a revision of the gateway's desired
 * document, pushed to it, refused whole when the document it makes is not valid.
 */
export interface GatewayConfigPort {
  /** The gateway's desired document (its families by name); not found for another tenant's. */
  document(actor: Actor, gatewayId: string): Promise<Record<string, unknown>>;
  /** Saves the families in the order given. */
  save(actor: Actor, gatewayId: string, changes: { family: Family; section: unknown }[], message: string): Promise<void>;
}

function sectionsOf(document: Record<string, unknown>) {
  return {
    firewall: firewallSectionSchema.parse(document.firewall ?? {}),
    interfaces: interfacesSectionSchema.parse(document.interfaces ?? {}),
    services: servicesSectionSchema.parse(document.services ?? {}),
  };
}

/** A device's own segment name: 'device-' and its MAC's digits (or its bus id's letters), within the 32 a name may have. */
const deviceKey = (d: repo.DeviceRow) =>
  `device-${(d.mac ?? d.key)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 25)}`;

/**
 * Segmentation: a device's or a class's devices fenced to their class's communication profile by
 * firewall rules on their gateway, or moved to a VLAN of their own there (its zone dropping what
 * the rules do not allow). A class spread over several gateways gets a segment on each. Removing
 * a segment takes out exactly what it put in.
 */
export class IotSegments {
  constructor(
    private readonly db: Db,
    private readonly profiles: IotProfiles,
    private readonly config: GatewayConfigPort,
  ) {}

  async list(actor: Actor): Promise<IotSegment[]> {
    return (await repo.listSegments(this.db, actor.scope.tenantId)).map(segmentView);
  }

  async ofDevice(tenantId: string, device: { id: string; class: IotClass; gatewayId: string }): Promise<IotDeviceDetail['segments']> {
    return (await repo.listSegments(this.db, tenantId))
      .filter((s) => s.gatewayId === device.gatewayId && (s.targetDeviceId === device.id || s.targetClass === device.class))
      .map((s) => ({ id: s.id, key: s.key, mode: s.mode }));
  }

  async apply(actor: Actor, input: SegmentInput): Promise<IotSegment[]> {
    const tenantId = actor.scope.tenantId;
    const { cls, key, byGateway } = await this.targets(tenantId, input);
    const profile = await this.profiles.current(tenantId, cls);
    const ids: string[] = [];
    for (const [gatewayId, members] of byGateway) {
      const vlan = input.vlan ? iotVlan({ key, ...input.vlan }) : null;
      if (vlan && !vlan.ok) throw errors.invalid({ vlan: [vlan.reason] });
      // In a VLAN of their own the devices take addresses of its pool: the set holds its network besides where they are now.
      const addresses = vlan?.ok ? [...members.map((d) => d.ip!), iotVlanNetwork(input.vlan!.ip, input.vlan!.prefix)] : members.map((d) => d.ip!);
      const planned = segmentFor({ key, members: addresses, profile, deny: input.deny, ...(input.external_zone && { externalZone: input.external_zone }) });
      if (!planned.ok) throw errors.invalid({ non_field_errors: [planned.reason] });
      const before = sectionsOf(await this.config.document(actor, gatewayId));
      const message = `IoT segment '${key}' (${input.mode === 'vlan' ? `VLAN ${input.vlan!.vlan_id} and ` : ''}firewall rules)`;
      if (vlan?.ok) {
        const withVlan = applyIotVlan(before, vlan.vlan);
        await this.config.save(
          actor,
          gatewayId,
          [
            { family: 'interfaces', section: withVlan.interfaces },
            { family: 'services', section: withVlan.services },
            { family: 'firewall', section: applySegment(withVlan.firewall, planned.segment) },
          ],
          message,
        );
      } else {
        await this.config.save(actor, gatewayId, [{ family: 'firewall', section: applySegment(before.firewall, planned.segment) }], message);
      }
      ids.push(
        await this.db.transaction(async (tx) => {
          await repo.lockTenant(tx, tenantId, 'segments');
          const id = await repo.saveSegment(tx, {
            id: crypto.randomUUID(),
            tenantId,
            gatewayId,
            key,
            targetDeviceId: input.device_id ?? null,
            targetClass: input.device_id ? null : cls,
            mode: input.mode,
            deny: input.deny,
            vlan: input.vlan ?? null,
            members: planned.segment.ipset.entries,
            rules: planned.segment.rules.length,
            broadened: planned.segment.broadened,
            createdBy: actor.email,
            createdAt: new Date(),
          });
          await audit(tx, actor, 'iot.segment_applied', id, { key, gateway_id: gatewayId, mode: input.mode, members: planned.segment.ipset.entries });
          return id;
        }),
      );
    }
    return (await repo.listSegments(this.db, tenantId)).filter((s) => ids.includes(s.id)).map(segmentView);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const tenantId = actor.scope.tenantId;
    const segment = await repo.findSegment(this.db, tenantId, id);
    if (!segment) throw errors.notFound();
    const before = sectionsOf(await this.config.document(actor, segment.gatewayId));
    const firewall = removeSegment(before.firewall, segment.key);
    const message = `IoT segment '${segment.key}' removed`;
    if (segment.mode === 'vlan') {
      // The rules go before the VLAN and its zone: nothing may name what is gone.
      const without = removeIotVlan({ ...before, firewall }, segment.key);
      await this.config.save(
        actor,
        segment.gatewayId,
        [
          { family: 'firewall', section: without.firewall },
          { family: 'services', section: without.services },
          { family: 'interfaces', section: without.interfaces },
        ],
        message,
      );
    } else {
      await this.config.save(actor, segment.gatewayId, [{ family: 'firewall', section: firewall }], message);
    }
    await this.db.transaction(async (tx) => {
      await repo.deleteSegment(tx, tenantId, id);
      await audit(tx, actor, 'iot.segment_removed', id, { key: segment.key, gateway_id: segment.gatewayId, mode: segment.mode });
    });
  }

  /** The devices a request fences, by gateway, and the segment's name and class. */
  private async targets(tenantId: string, input: SegmentInput): Promise<{ cls: IotClass; key: string; byGateway: Map<string, repo.DeviceRow[]> }> {
    if (input.device_id) {
      const device = await repo.findDevice(this.db, tenantId, input.device_id);
      if (!device) throw errors.notFound();
      if (device.ip === null) throw errors.invalid({ device_id: ['The device has no LAN address to fence'] });
      return { cls: device.correctedClass ?? device.class, key: input.key ?? deviceKey(device), byGateway: new Map([[device.gatewayId, [device]]]) };
    }
    const cls = input.class!;
    const devices = await repo.addressedDevices(this.db, tenantId, cls);
    if (devices.length === 0) throw errors.invalid({ class: ['No device of this class has a LAN address to fence'] });
    const byGateway = new Map<string, repo.DeviceRow[]>();
    for (const d of devices) byGateway.set(d.gatewayId, [...(byGateway.get(d.gatewayId) ?? []), d]);
    return { cls, key: input.key ?? cls.replace(/_/g, '-'), byGateway };
  }
}
