import { z } from 'zod';
import { isIPv4 } from '../../validators/ipv4';
import { isNetworkCidr } from '../subnets';
import { hasPorts, ifnameField, nameField, portOrRangeField, PORTS_NEED_TCP_OR_UDP } from './fields';
import { addFieldIssue, flagRepeats } from './issues';
import { documented, PATTERNS, statingRules } from '../../validators/documented';

/** Firewall (`sdwan/device/configure/firewall`): zones, inbound and outbound rules, IP sets. */
const verdict = () => z.enum(['accept', 'reject', 'drop']);

export const zoneSchema = z.strictObject({
  id: z.string().uuid(),
  /** The box's own name for the zone (nftables chains are named after it), hence interface-name rules. */
  name: ifnameField(),
  interfaces: z.array(ifnameField()).max(16).default([]),
  input: verdict(),
  output: verdict(),
  forward: verdict(),
  masquerade: z.boolean().default(false),
});
export type Zone = z.infer<typeof zoneSchema>;

/** '@office' names an IP set; the rest of the text is the set's name exactly. */
export const ipSetReference = (value: string): string | null => (value.startsWith('@') ? value.slice(1) : null);
const SET_ENTRY_MESSAGE = "An address or a network 'x.x.x.x/y'";
const MATCH_MESSAGE = "An address, a network 'x.x.x.x/y' or '@' and an IP set's name";
// The pattern says the forms; that a network has no host bit set, the rule.
const matchField = () =>
  statingRules(
    documented(
      z.string().refine((v) => isIPv4(v) || isNetworkCidr(v) || (ipSetReference(v) ?? '') !== '', MATCH_MESSAGE),
      { pattern: PATTERNS.addressOrSetReference },
    ),
    [MATCH_MESSAGE],
  );

export const firewallRuleSchema = z
  .strictObject({
    id: z.string().uuid(),
    name: nameField(),
    enabled: z.boolean().default(true),
    protocol: z.enum(['any', 'tcp', 'udp', 'tcpudp', 'icmp']),
    src_zone: ifnameField().optional(),
    dest_zone: ifnameField().optional(),
    src: matchField().optional(),
    dest: matchField().optional(),
    dest_port: portOrRangeField().optional(),
    action: verdict(),
  })
  .superRefine((rule, ctx) => {
    if (rule.dest_port !== undefined && !hasPorts(rule.protocol)) addFieldIssue(ctx, ['dest_port'], PORTS_NEED_TCP_OR_UDP);
  });
export type FirewallRule = z.infer<typeof firewallRuleSchema>;

export const ipSetSchema = z.strictObject({
  id: z.string().uuid(),
  name: nameField(),
  entries: z
    .array(
      statingRules(
        documented(
          z.string().refine((v) => isIPv4(v) || isNetworkCidr(v), SET_ENTRY_MESSAGE),
          { pattern: PATTERNS.addressOrNetwork },
        ),
        [SET_ENTRY_MESSAGE],
      ),
    )
    .min(1, 'Add at least one address or network')
    .max(1024),
});
export type IpSet = z.infer<typeof ipSetSchema>;

/**
 * Names a rule uses must be in the same section: a zone, an IP set. Whether a zone's interfaces
 * exist is a rule of the whole document (document-rules.ts), as the interfaces are another family.
 */
export const firewallSectionSchema = z
  .strictObject({
    zones: z.array(zoneSchema).max(64).default([]),
    inbound: z.array(firewallRuleSchema).max(1024).default([]),
    outbound: z.array(firewallRuleSchema).max(1024).default([]),
    ipsets: z.array(ipSetSchema).max(256).default([]),
  })
  .superRefine((section, ctx) => {
    flagRepeats(
      ctx,
      section.zones,
      (zone) => zone.name,
      (i) => ['zones', i, 'name'],
      'Zone name already used',
    );
    flagRepeats(
      ctx,
      section.ipsets,
      (s) => s.name,
      (i) => ['ipsets', i, 'name'],
      'IP set name already used',
    );
    // An interface's traffic is judged by one zone's policy; in two, which one wins would be the box's guess.
    const owner = new Map<string, string>();
    section.zones.forEach((zone, i) =>
      zone.interfaces.forEach((ifname, k) => {
        const other = owner.get(ifname);
        if (other !== undefined) addFieldIssue(ctx, ['zones', i, 'interfaces', k], `Already in zone ${other}`);
        else owner.set(ifname, zone.name);
      }),
    );
    // A rule matching exactly what an earlier enabled rule matches is never reached: the earlier one decides.
    for (const side of ['inbound', 'outbound'] as const) {
      flagRepeats(
        ctx,
        section[side],
        (r) => (r.enabled ? JSON.stringify([r.protocol, r.src_zone, r.dest_zone, r.src, r.dest, r.dest_port]) : undefined),
        (i) => [side, i, 'name'],
        'Matches the same traffic as an earlier rule, which decides first',
      );
    }
    const zones = new Set(section.zones.map((zone) => zone.name));
    const ipsets = new Set(section.ipsets.map((s) => s.name));
    for (const side of ['inbound', 'outbound'] as const) {
      section[side].forEach((rule, i) => {
        for (const field of ['src_zone', 'dest_zone'] as const) {
          const zone = rule[field];
          if (zone !== undefined && !zones.has(zone)) addFieldIssue(ctx, [side, i, field], 'No such zone');
        }
        for (const field of ['src', 'dest'] as const) {
          const set = rule[field] === undefined ? null : ipSetReference(rule[field]);
          if (set && !ipsets.has(set)) addFieldIssue(ctx, [side, i, field], 'No such IP set');
        }
      });
    }
  });
export type FirewallSection = z.infer<typeof firewallSectionSchema>;
