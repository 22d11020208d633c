import type { Db } from '../../db/client';
import type { ConfigService } from './service';
import * as renderRepo from './render-repo';
import { systemActor } from './system-actor';

/**
 * A gateway reached at the public address it reports (a DHCP or PPPoE WAN) got a new one: every
 * other Auto VPN gateway of its tenant is written the new address, and pushed it, at once; its
 * tunnels would otherwise point at the old address until the next change of anything.
 */
export class AutoVpnAddresses {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<ConfigService, 'recommit' | 'announce'>,
  ) {}

  async changed(device: { id: string; tenantId: string; name: string }, address: string): Promise<void> {
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
