import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ConfigService } from './service';
import * as renderRepo from './render-repo';
import { systemActor } from './system-actor';

type Gateway = { id: string; tenantId: string; name: string };

/**
 * A gateway reached at the public address it reports (a DHCP or PPPoE WAN) got a new one: once it
 * has held for `settleMs`, its overlay peers (every other Auto VPN gateway of its tenant, every
 * other mesh gateway of its device group) are written the new address and pushed it; their tunnels
 * would otherwise point at the old address until the next change of anything. The wait keeps a WAN failover and back from pushing the whole overlay twice.
 */
export class AutoVpnAddresses {
  private readonly waiting = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly config: Pick<ConfigService, 'recommit' | 'announce'>,
    private readonly log: FastifyBaseLogger,
    private readonly settleMs: number,
  ) {}

  async changed(device: Gateway, address: string): Promise<void> {
    clearTimeout(this.waiting.get(device.id));
    this.waiting.delete(device.id);
    if (this.settleMs === 0) return this.tellPeers(device, address);
    const timer = setTimeout(() => {
      this.waiting.delete(device.id);
      this.tellPeers(device, address).catch((err: unknown) => this.log.warn({ err, deviceId: device.id }, 'Auto VPN peers not told of a new address'));
    }, this.settleMs);
    timer.unref();
    this.waiting.set(device.id, timer);
  }

  /** On close: nothing waits on a stopped server. */
  stop(): void {
    for (const t of this.waiting.values()) clearTimeout(t);
    this.waiting.clear();
  }

  private async tellPeers(device: Gateway, address: string): Promise<void> {
    const { autoVpn, mesh } = await renderRepo.overlayMembers(this.db, device.tenantId);
    // Auto VPN's peers are the tenant's other members; the mesh's, the other members of the device's group.
    const self = mesh.find((m) => m.device_id === device.id);
    const told = [
      { label: 'Auto VPN', ids: autoVpn.some((m) => m.device_id === device.id) ? autoVpn.map((m) => m.device_id) : [] },
      { label: 'Overlay Mesh VPN', ids: self?.network_id ? mesh.filter((m) => m.network_id === self.network_id).map((m) => m.device_id) : [] },
    ]
      .map((o) => ({ ...o, ids: o.ids.filter((id) => id !== device.id) }))
      .filter((o) => o.ids.length > 0);
    if (told.length === 0) return;
    const outcomes = await this.db.transaction((tx) =>
      this.config.recommit(tx, systemActor(device.tenantId), {
        deviceIds: [...new Set(told.flatMap((o) => o.ids))],
        message: `${told.map((o) => o.label).join(' and ')}: ${device.name} is reached at ${address} now`,
        source: 'template',
        // The device's row gets the address with the state writer's next batch; the peers need it now.
        publicIps: { [device.id]: address },
      }),
    );
    await this.config.announce(outcomes);
  }
}
