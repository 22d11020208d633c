import { ipSetReference, type ConfigDocument, type FirewallRule, type StatusSnapshot, type WebFilterSection } from '@netloom/domain';
import { fixedShare as share } from './prng';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;
type CounterRow = Snapshot<'firewall'>['entries'][number];

const between = (min: number, max: number, ...parts: (string | number)[]) => min + (max - min) * share(...parts);

const TARGETS = { accept: 'ACCEPT', drop: 'DROP', reject: 'REJECT' } as const;
const protocolText = (p: FirewallRule['protocol']) => (p === 'any' ? 'all' : p === 'tcpudp' ? 'tcp+udp' : p);

/**
 * A counter that grows with the traffic the box has carried: `busyS` is seconds at peak rate
 * since boot (the daily curve, only while a WAN is up), so a counter never goes back and runs
 * faster in office hours. Dropped traffic is mostly small scan packets.
 */
function counters(busyS: number, pps: number, verdict: FirewallRule['action'], key: string) {
  const size = verdict === 'accept' ? between(300, 1200, key, 'size') : between(60, 100, key, 'size');
  const packets = Math.floor(pps * busyS);
  return { packets, bytes: Math.round(packets * size) };
}

/**
 * Counters as fw3 lays the rules out: an inbound rule in its source zone's input chain (forward
 * when it names a destination zone: a port forward), an outbound rule in its source zone's
 * forward chain; rules without a zone in the generic chains. Then each zone's policies.
 */
export function firewallSnapshot(doc: ConfigDocument, busyS: number): Snapshot<'firewall'> {
  const fw = doc.firewall;
  if (!fw) return { kind: 'firewall', entries: [] };
  const row = (chain: string, rule: FirewallRule, pps: number): CounterRow => ({
    chain,
    rule: rule.name,
    target: TARGETS[rule.action],
    protocol: protocolText(rule.protocol),
    ...counters(busyS, pps, rule.action, rule.id),
  });
  const rate = (rule: FirewallRule, accepted: [number, number], refused: [number, number]) =>
    rule.action === 'accept' ? between(...accepted, rule.id) : between(...refused, rule.id);
  const inbound = fw.inbound
    .filter((r) => r.enabled)
    .map((r) => {
      const chain = r.src_zone ? `zone_${r.src_zone}_${r.dest_zone ? 'forward' : 'input'}` : 'input_rule';
      return row(chain, r, rate(r, [0.5, 5], [0.05, 0.5]));
    });
  const outbound = fw.outbound
    .filter((r) => r.enabled)
    .map((r) => row(r.src_zone ? `zone_${r.src_zone}_forward` : 'forward_rule', r, rate(r, [5, 50], [0.1, 2])));
  const policies = fw.zones.flatMap((zone) =>
    (['input', 'output', 'forward'] as const).map((dir): CounterRow => {
      // A masquerading zone faces the internet: its input policy sees the scans.
      const pps = between(0.2, 2, zone.id, dir) * (dir === 'input' && zone.masquerade ? 3 : 1);
      return {
        chain: `zone_${zone.name}_${dir}`,
        rule: `${zone.name} ${dir} policy`,
        target: TARGETS[zone[dir]],
        protocol: 'all',
        ...counters(busyS, pps, zone[dir], `${zone.id}/${dir}`),
      };
    }),
  );
  return { kind: 'firewall', entries: [...inbound, ...outbound, ...policies] };
}

/** Sets as ipset lists them; references count the loaded (enabled) rules that match on the set. */
export function ipsetSnapshot(doc: ConfigDocument): Snapshot<'ipset'> {
  const fw = doc.firewall;
  if (!fw) return { kind: 'ipset', entries: [] };
  const rules = [...fw.inbound, ...fw.outbound].filter((r) => r.enabled);
  return {
    kind: 'ipset',
    entries: fw.ipsets.map((set) => ({
      name: set.name,
      type: set.entries.some((e) => e.includes('/')) ? ('hash:net' as const) : ('hash:ip' as const),
      members: set.entries,
      references: rules.filter((r) => [r.src, r.dest].some((v) => v !== undefined && ipSetReference(v) === set.name)).length,
    })),
  };
}

/**
 * The URL filter as the running `web_filter` section sets it up: on or off, what it does when no
 * policy decides, how many policies it holds, and what it decided lately. Without the section
 * (or with it switched off) the box filters nothing.
 */
export function urlFilterSnapshot(section: WebFilterSection | null | undefined, decisions: Snapshot<'url_filter'>['entries'] = []): Snapshot<'url_filter'> {
  if (!section) return { kind: 'url_filter', enabled: false, entries: [] };
  return {
    kind: 'url_filter',
    enabled: section.enabled,
    default_action: section.default_action,
    policies: section.policies.length,
    entries: section.enabled ? decisions : [],
  };
}
