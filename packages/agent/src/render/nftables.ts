import { ipSetReference, type ConfigDocument, type FirewallRule, type FirewallSection, type NatSection, type Zone } from '@netloom/domain';

/** The agent's own tables: it replaces them whole and never touches another table of the box. */
export const FILTER_TABLE = 'inet netloom';
export const NAT_TABLE = 'ip netloom_nat';
/** Every rule the agent writes carries its id here, so a rule removed by hand is told apart (drift). */
export const COMMENT_PREFIX = 'nl:';

const quote = (text: string) => `"${text.replace(/["\\]/g, '')}"`;
const ifnames = (names: readonly string[]) => (names.length === 1 ? quote(names[0]!) : `{ ${names.map(quote).join(', ')} }`);
/** The forms write a range 'a:b'; nftables writes 'a-b'. */
const ports = (span: string) => span.replace(':', '-');

function l4(protocol: FirewallRule['protocol']): string[] {
  switch (protocol) {
    case 'tcp':
      return ['meta l4proto tcp'];
    case 'udp':
      return ['meta l4proto udp'];
    case 'tcpudp':
      return ['meta l4proto { tcp, udp }'];
    case 'icmp':
      return ['meta l4proto icmp'];
    default:
      return [];
  }
}

/** An IP set's name as nftables may write it; the set's own name stays in its comment. */
const setName = (section: FirewallSection, name: string) => `set_${section.ipsets.findIndex((s) => s.name === name)}`;

function address(section: FirewallSection, field: 'saddr' | 'daddr', value: string | undefined): string[] {
  if (value === undefined) return [];
  const set = ipSetReference(value);
  return [`ip ${field} ${set ? `@${setName(section, set)}` : value}`];
}

const zoneIfaces = (section: FirewallSection, zone: string | undefined) => section.zones.find((z) => z.name === zone)?.interfaces ?? [];

/** One rule as nftables writes it; null when it matches nothing the box has (a zone with no interfaces). */
function ruleLine(section: FirewallSection, rule: FirewallRule, zones: { in?: string; out?: string }): string | null {
  const parts: string[] = [];
  for (const [side, zone] of [
    ['iifname', zones.in],
    ['oifname', zones.out],
  ] as const) {
    if (zone === undefined) continue;
    const names = zoneIfaces(section, zone);
    if (!names.length) return null;
    parts.push(`${side} ${ifnames(names)}`);
  }
  parts.push(...l4(rule.protocol), ...address(section, 'saddr', rule.src), ...address(section, 'daddr', rule.dest));
  if (rule.dest_port !== undefined) parts.push(`th dport ${ports(rule.dest_port)}`);
  parts.push('counter', rule.action, `comment ${quote(`${COMMENT_PREFIX}${rule.id}`)}`);
  return parts.join(' ');
}

const zonePolicy = (zone: Zone, dir: 'input' | 'output' | 'forward') =>
  zone.interfaces.length
    ? [
        `${dir === 'output' ? 'oifname' : 'iifname'} ${ifnames(zone.interfaces)} counter ${zone[dir]} comment ${quote(`${COMMENT_PREFIX}zone:${zone.id}:${dir}`)}`,
      ]
    : [];

const chain = (name: string, hook: string, lines: string[]) =>
  [`  chain ${name} {`, `    type filter hook ${hook} priority filter; policy accept;`, ...lines.map((l) => `    ${l}`), '  }'].join('\n');

/**
 * Zones and rules as fw3 lays them out: an inbound rule judges traffic from its source zone to the
 * box (input), or on to its destination zone (forward); an outbound rule judges traffic from its
 * source zone forwarded out; then each zone's policy for what no rule decided. Interfaces in no
 * zone keep the kernel's default (accept), so the management path is never closed by accident.
 */
function filterTable(section: FirewallSection): string {
  const enabled = (rules: FirewallRule[]) => rules.filter((r) => r.enabled);
  const lines = (rules: (string | null)[]) => rules.filter((l): l is string => l !== null);
  const inbound = enabled(section.inbound);
  const sets = section.ipsets.map(
    (s, i) => `  set set_${i} {\n    type ipv4_addr; flags interval; comment ${quote(s.name)};\n    elements = { ${s.entries.join(', ')} }\n  }`,
  );
  const input = lines(inbound.filter((r) => r.dest_zone === undefined).map((r) => ruleLine(section, r, { in: r.src_zone })));
  const forward = lines([
    ...inbound.filter((r) => r.dest_zone !== undefined).map((r) => ruleLine(section, r, { in: r.src_zone, out: r.dest_zone })),
    ...enabled(section.outbound).map((r) => ruleLine(section, r, { in: r.src_zone, out: r.dest_zone })),
  ]);
  const established = ['ct state established,related accept', 'ct state invalid drop'];
  return [
    `table ${FILTER_TABLE} {`,
    ...sets,
    chain('input', 'input', [...established, 'iifname "lo" accept', ...input, ...section.zones.flatMap((z) => zonePolicy(z, 'input'))]),
    chain('forward', 'forward', [...established, 'ct status dnat accept', ...forward, ...section.zones.flatMap((z) => zonePolicy(z, 'forward'))]),
    chain('output', 'output', [...established, 'oifname "lo" accept', ...section.zones.flatMap((z) => zonePolicy(z, 'output'))]),
    '}',
  ].join('\n');
}

const tagged = (line: string, id: string) => `${line} comment ${quote(`${COMMENT_PREFIX}${id}`)}`;

/** Port forwards and 1:1 NAT in prerouting; source NAT, 1:1 and masquerading zones in postrouting. */
function natTable(nat: NatSection | undefined, firewall: FirewallSection | undefined): string {
  const pre: string[] = [];
  const post: string[] = [];
  for (const f of nat?.port_forwards.filter((x) => x.enabled) ?? []) {
    const to = f.internal_port ? `${f.internal_ip}:${ports(f.internal_port)}` : f.internal_ip;
    pre.push(tagged(`iifname ${quote(f.wan_interface)} ${l4(f.protocol).join(' ')} th dport ${ports(f.external_port)} counter dnat to ${to}`, f.id));
  }
  for (const o of nat?.one_to_one.filter((x) => x.enabled) ?? []) {
    pre.push(tagged(`iifname ${quote(o.wan_interface)} ip daddr ${o.external_ip} counter dnat to ${o.internal_ip}`, o.id));
    post.push(tagged(`oifname ${quote(o.wan_interface)} ip saddr ${o.internal_ip} counter snat to ${o.external_ip}`, `${o.id}:out`));
  }
  for (const s of nat?.source_nat.filter((x) => x.enabled) ?? []) {
    const action = s.translate_to ? `snat to ${s.translate_to}` : 'masquerade';
    post.push(tagged(`oifname ${quote(s.out_interface)} ip saddr ${s.source} counter ${action}`, s.id));
  }
  for (const zone of firewall?.zones.filter((z) => z.masquerade && z.interfaces.length) ?? []) {
    post.push(tagged(`oifname ${ifnames(zone.interfaces)} counter masquerade`, `zone:${zone.id}:masquerade`));
  }
  const natChain = (name: string, hook: string, priority: string, rules: string[]) =>
    [`  chain ${name} {`, `    type nat hook ${hook} priority ${priority}; policy accept;`, ...rules.map((l) => `    ${l}`), '  }'].join('\n');
  return [`table ${NAT_TABLE} {`, natChain('prerouting', 'prerouting', 'dstnat', pre), natChain('postrouting', 'postrouting', 'srcnat', post), '}'].join('\n');
}

/**
 * The whole of the agent's nftables state for a document, as one `nft -f` transaction: its tables
 * are made if missing, deleted, and written again, so the box goes from the old rules to the new
 * in one step or (on any error) keeps the old. Other tables are never named.
 */
export function nftRuleset(doc: ConfigDocument | null): string {
  const lines = [`table ${FILTER_TABLE}`, `delete table ${FILTER_TABLE}`, `table ${NAT_TABLE}`, `delete table ${NAT_TABLE}`];
  if (doc?.firewall) lines.push(filterTable(doc.firewall));
  if (doc?.nat || doc?.firewall?.zones.some((z) => z.masquerade)) lines.push(natTable(doc.nat, doc.firewall));
  return `${lines.join('\n')}\n`;
}

/** The comments of every rule the document puts in the agent's tables (what drift looks for). */
export function expectedComments(ruleset: string): string[] {
  return [...ruleset.matchAll(/comment "(nl:[^"]+)"/g)].map((m) => m[1]!);
}
