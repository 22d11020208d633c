import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ConfigService } from './service';
import * as renderRepo from './render-repo';
import { systemActor } from './system-actor';

type Gateway = { id: string; tenantId: string; name: string };

/**
 * A gateway reached at the public address it reports (a DHCP or PPPoE WAN) got a new one: once it
 * has held for `settleMs`, every other Auto VPN gateway of its tenant is written the new address and
 * pushed it; their tunnels would otherwise point at the old address until the next change of
 * anything. The wait keeps a WAN failover and back from pushing the whole overlay twice.
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
    const members = await renderRepo.autoVpnMembers(this.db, device.tenantId);
    if (!members.some((m) => m.device_id === device.id)) return;
    const others = members.filter((m) => m.device_id !== device.id).map((m) => m.device_id);
    if (others.length === 0) return;
    const outcomes = await this.db.transaction((tx) =>
      this.config.recommit(tx, systemActor(device.tenantId), {
        deviceIds: others,
        message: `Auto VPN: ${device.name} is reached at ${address} now`,
        source: 'template',
        // The device's row gets the address with the state writer's next batch; the peers need it now.
        publicIps: { [device.id]: address },
      }),
    );
    await this.config.announce(outcomes);
  }
}
