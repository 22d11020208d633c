import type { LinkBonding, StatusSnapshot } from '@netloom/domain';
import type { RouterInterface } from './router-model';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;
export interface WanCounters {
  up: boolean;
  rx: number;
  tx: number;
  /** LTE radios drop frames now and then; wired lines hardly ever. */
  lte: boolean;
}

/**
 * Interfaces with their state and counters since boot. A WAN's are its line's; what the WANs
 * download the LAN side sends on to the clients (and the other way round), shared among the LAN
 * and VLAN interfaces. Errors grow with traffic, ten times faster on LTE.
 */
export function interfacesSnapshot(interfaces: RouterInterface[], wans: Map<string, WanCounters>): Snapshot<'interfaces'> {
  const wanRx = [...wans.values()].reduce((sum, w) => sum + w.rx, 0);
  const wanTx = [...wans.values()].reduce((sum, w) => sum + w.tx, 0);
  const inside = interfaces.filter((i) => i.kind !== 'wan').length || 1;
  const entries = interfaces.map((i) => {
    if (i.kind !== 'wan') {
      const rx = Math.floor(wanTx / inside);
      const tx = Math.floor(wanRx / inside);
      return { ...i, up: true, rx_bytes: rx, tx_bytes: tx, rx_errors: 0, tx_errors: 0 };
    }
    const w = wans.get(i.name);
    const rx = Math.floor(w?.rx ?? 0);
    const tx = Math.floor(w?.tx ?? 0);
    const perError = w?.lte ? 5e7 : 5e8;
    return { ...i, up: w?.up ?? false, rx_bytes: rx, tx_bytes: tx, rx_errors: Math.floor(rx / perError), tx_errors: Math.floor(tx / (perError * 4)) };
  });
  return { kind: 'interfaces', entries };
}

/** The legs of link bonding as the heartbeat reports them; none when the box does not bond. */
export function bondingSnapshot(bonding: LinkBonding | null): Snapshot<'link_bonding'> {
  if (!bonding) return { kind: 'link_bonding', entries: [] };
  return {
    kind: 'link_bonding',
    entries: [
      { leg: 'tunnel', ...bonding.tunnel },
      { leg: 'mpls', ...bonding.mpls },
    ],
  };
}
