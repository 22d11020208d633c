import { enforcedStateOf, type NacHostReport, type NacSection, type NacState } from '@netloom/domain';
import type { FlowClient } from './flows';
import { fixedShare } from './prng';

/** A gateway reports the hosts on its LANs every five minutes. */
export const NAC_REPORT_INTERVAL_S = 300;

/** What a host on an office LAN is, as the gateway guesses it from its MAC vendor and DHCP fingerprint. */
const HOST_KINDS: readonly { vendor: string | null; os: string | null; weight: number }[] = [
  { vendor: 'Dell Inc.', os: 'Windows', weight: 4 },
  { vendor: 'Lenovo', os: 'Windows', weight: 3 },
  { vendor: 'HP Inc.', os: 'Windows', weight: 2 },
  { vendor: 'Apple, Inc.', os: 'macOS', weight: 3 },
  { vendor: 'Apple, Inc.', os: 'iOS', weight: 2 },
  { vendor: 'Samsung Electronics', os: 'Android', weight: 2 },
  { vendor: 'Brother Industries', os: 'Printer firmware', weight: 1 },
  { vendor: 'Hikvision', os: 'Embedded Linux', weight: 1 },
  { vendor: 'Raspberry Pi Trading', os: 'Linux', weight: 1 },
  // A randomised MAC (a phone's private address): no vendor, no guess.
  { vendor: null, os: null, weight: 1 },
];
const TOTAL_WEIGHT = HOST_KINDS.reduce((a, k) => a + k.weight, 0);

function kindOf(mac: string) {
  let left = fixedShare(mac, 'host kind') * TOTAL_WEIGHT;
  for (const k of HOST_KINDS) if ((left -= k.weight) < 0) return k;
  return HOST_KINDS[HOST_KINDS.length - 1]!;
}

/** A LAN host the gateway knows the MAC of (its DHCP lease or ARP entry). */
export type LanHost = FlowClient & { mac: string };

export const normaliseMac = (mac: string): string => mac.toLowerCase().replace(/-/g, ':');

/** What the gateway enforces for each MAC its `nac` section names (the rest are allowed). */
export function nacStates(section: NacSection | undefined): Map<string, NacState> {
  return new Map((section?.hosts ?? []).map((h) => [normaliseMac(h.mac), enforcedStateOf(h.decision)]));
}

/** A host the gateway cuts off: blocked, or held in quarantine. Neither reaches the WAN, so neither shows in its flows or web requests. */
export const isolated = (states: Map<string, NacState>, mac: string | undefined): boolean =>
  mac !== undefined && (states.get(normaliseMac(mac)) ?? 'allowed') !== 'allowed';

/** The hosts on the gateway's LANs as it reports them, each with the state it enforces for it from its `nac` section. */
export function nacHostsOf(hosts: readonly LanHost[], section: NacSection | undefined): NacHostReport[] {
  const states = nacStates(section);
  const seen = new Set<string>();
  const out: NacHostReport[] = [];
  for (const h of hosts) {
    const mac = normaliseMac(h.mac);
    if (seen.has(mac)) continue;
    seen.add(mac);
    const kind = kindOf(mac);
    out.push({ mac, ip: h.ip, hostname: h.hostname, vendor: kind.vendor, os: kind.os, interface: h.interface ?? null, state: states.get(mac) ?? 'allowed' });
  }
  return out;
}
