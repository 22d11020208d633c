import { z } from 'zod';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { isIPv4, isCidr } from '../validators/ipv4';
import { isFqdn } from '../validators/domain-name';
import { firewallSectionSchema, type FirewallRule, type FirewallSection, type IpSet } from '../config/families/firewall';
import type { ContentFilterSection } from '../config/families/content-filter';
import { macField } from '../ztna/nac';
import { parseUrlPattern } from '../webfilter/url-patterns';

/**
 * NDR's response actions, pushed as configuration so they show syncing then synced like every
 * other change: quarantine a host (the NAC decision for its MAC, or firewall rules on its
 * gateway) and block a destination (an address or network by firewall rules; a domain on the
 * gateway's content filter). Each is undoable. The rules an action writes have ids derived from
 * the action's id and names that say what they are, so applying it twice changes nothing and
 * undoing it removes exactly those rules and never a person's own.
 */
const ipv4 = z.string().refine(isIPv4, 'Should be in the format x.x.x.x');

export const ndrResponseActionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('quarantine_host'),
    id: z.string().uuid(),
    /** The gateway in front of the host. */
    device_id: z.string().uuid(),
    host_ip: ipv4,
    /** 'nac': the NAC decision for the host's MAC (every gateway of the tenant enforces it); 'firewall': rules on this gateway. */
    method: z.enum(['nac', 'firewall']),
    mac: macField().optional(),
  }),
  z.object({
    kind: z.literal('block_destination'),
    id: z.string().uuid(),
    device_id: z.string().uuid(),
    target: z.discriminatedUnion('type', [
      z.object({ type: z.literal('ip'), value: ipv4 }),
      z.object({ type: z.literal('cidr'), value: z.string().refine(isCidr, "Should be a network 'x.x.x.x/y'") }),
      z.object({
        type: z.literal('domain'),
        value: z
          .string()
          .max(253)
          .transform((d) => d.toLowerCase().replace(/\.$/, ''))
          .refine(isFqdn, 'Should be a domain name'),
      }),
    ]),
  }),
]);
export type NdrResponseAction = z.infer<typeof ndrResponseActionSchema>;

/** An action as a request states it: a quarantine by NAC needs the host's MAC. */
export const ndrResponseActionInputSchema = ndrResponseActionSchema.superRefine((a, ctx) => {
  if (a.kind === 'quarantine_host' && a.method === 'nac' && !a.mac)
    ctx.addIssue({ code: 'custom', path: ['mac'], message: 'A quarantine by NAC needs the host’s MAC address' });
});

/** Which section of the gateway's document an action changes ('nac' is the tenant's NAC decisions, not a document section). */
export function ndrActionTarget(action: NdrResponseAction): 'firewall' | 'content_filter' | 'nac' {
  if (action.kind === 'quarantine_host') return action.method === 'nac' ? 'nac' : 'firewall';
  return action.target.type === 'domain' ? 'content_filter' : 'firewall';
}

/** A UUID (version 5 layout) from the action's id and the part's role: the same every time. */
function derivedId(action: NdrResponseAction, role: string): string {
  const hex = bytesToHex(sha256(utf8ToBytes(`netloom-ndr:${action.id}:${role}`))).slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const shortId = (action: NdrResponseAction) => action.id.slice(0, 8);

interface FirewallParts {
  ipset: IpSet;
  inbound: FirewallRule[];
  outbound: FirewallRule[];
}

/** The IP set and rules an action writes. Quarantine keeps DHCP to the gateway, so the host keeps its address and can be reached once released. */
function partsOf(action: NdrResponseAction): FirewallParts | null {
  const tag = shortId(action);
  const rule = (role: string, name: string, over: Partial<FirewallRule>): FirewallRule => ({
    id: derivedId(action, role),
    name: `${name} (${tag})`,
    enabled: true,
    protocol: 'any',
    action: 'drop',
    ...over,
  });
  if (action.kind === 'quarantine_host') {
    if (action.method !== 'firewall') return null;
    const set = `ndr-quarantine-${tag}`;
    const what = `NDR quarantine ${action.host_ip}`;
    return {
      ipset: { id: derivedId(action, 'set'), name: set, entries: [action.host_ip] },
      inbound: [
        rule('dhcp', `${what} DHCP`, { protocol: 'udp', src: `@${set}`, dest_port: '67', action: 'accept' }),
        rule('to-gateway', `${what} to gateway`, { src: `@${set}` }),
      ],
      outbound: [rule('from-host', `${what} from host`, { src: `@${set}` }), rule('to-host', `${what} to host`, { dest: `@${set}` })],
    };
  }
  if (action.target.type === 'domain') return null;
  const set = `ndr-block-${tag}`;
  return {
    ipset: { id: derivedId(action, 'set'), name: set, entries: [action.target.value] },
    inbound: [],
    outbound: [rule('to-destination', `NDR block ${action.target.value}`, { dest: `@${set}` })],
  };
}

export type NdrFirewallEdit =
  | { ok: true; section: FirewallSection; changed: boolean }
  | { ok: false; code: 'ndr_action_not_firewall' | 'ndr_firewall_full' | 'ndr_name_taken' | 'ndr_firewall_invalid'; message: string };

const EMPTY: FirewallSection = { zones: [], inbound: [], outbound: [], ipsets: [] };
const LIMITS = { inbound: 1024, outbound: 1024, ipsets: 256 };

/** Whether the action's rules are in the section. */
export const ndrFirewallActionApplied = (section: FirewallSection | undefined, action: NdrResponseAction): boolean =>
  !!section?.ipsets.some((s) => s.id === derivedId(action, 'set'));

/**
 * The gateway's firewall section with the action's IP set and rules added, the rules first so no
 * earlier rule of a person's accepts what they drop. Applied already: the section as it is.
 */
export function applyNdrFirewallAction(current: FirewallSection | undefined, action: NdrResponseAction): NdrFirewallEdit {
  const parts = partsOf(action);
  if (!parts) return { ok: false, code: 'ndr_action_not_firewall', message: 'This action is not made of firewall rules.' };
  const section = current ?? EMPTY;
  if (ndrFirewallActionApplied(section, action)) return { ok: true, section, changed: false };
  if (section.ipsets.some((s) => s.name === parts.ipset.name)) {
    return { ok: false, code: 'ndr_name_taken', message: `The firewall already has an IP set named ${parts.ipset.name}.` };
  }
  for (const side of ['inbound', 'outbound', 'ipsets'] as const) {
    const adding = side === 'ipsets' ? 1 : parts[side].length;
    if (section[side].length + adding > LIMITS[side]) {
      return { ok: false, code: 'ndr_firewall_full', message: `The firewall's ${side === 'ipsets' ? 'IP sets' : `${side} rules`} are full.` };
    }
  }
  const next: FirewallSection = {
    ...section,
    ipsets: [...section.ipsets, parts.ipset],
    inbound: [...parts.inbound, ...section.inbound],
    outbound: [...parts.outbound, ...section.outbound],
  };
  // The family's own rules judge the outcome, as they judge a person's edit.
  const checked = firewallSectionSchema.safeParse(next);
  if (!checked.success)
    return { ok: false, code: 'ndr_firewall_invalid', message: checked.error.issues[0]?.message ?? 'The firewall section would not be valid.' };
  return { ok: true, section: next, changed: true };
}

/** The section without the action's IP set and rules (found by their ids); everything else as it was. */
export function undoNdrFirewallAction(current: FirewallSection | undefined, action: NdrResponseAction): FirewallSection | undefined {
  if (!current) return current;
  const parts = partsOf(action);
  if (!parts) return current;
  const ours = new Set([parts.ipset.id, ...parts.inbound.map((r) => r.id), ...parts.outbound.map((r) => r.id)]);
  return {
    ...current,
    ipsets: current.ipsets.filter((s) => !ours.has(s.id)),
    inbound: current.inbound.filter((r) => !ours.has(r.id)),
    outbound: current.outbound.filter((r) => !ours.has(r.id)),
  };
}

/** What a URL entry blocks or allows, as the content filter reads it ('https://Evil.test/' is 'evil.test'). */
const sameRule = (entry: string, domain: string) => {
  const p = parseUrlPattern(entry);
  return !!p && !p.subdomainsOnly && p.path === '' && p.host === domain;
};

export type NdrDomainBlockEdit =
  | { ok: true; section: ContentFilterSection; added: boolean }
  | { ok: false; code: 'ndr_action_not_domain' | 'ndr_domain_allowed' | 'ndr_content_filter_full'; message: string };

const URLS_MAX = 1_000;

/**
 * A domain block on the gateway's content filter (its blocked URLs, which block the domain and
 * every name under it; the gateway's URL filtering must be on for it to act). A URL entry carries
 * no name, so whether the action added it is returned, kept with the action, and given back to
 * undo: a domain someone had blocked before stays blocked. A domain someone allowed is theirs to
 * change: the block is refused.
 */
export function applyNdrDomainBlock(current: ContentFilterSection | undefined, action: NdrResponseAction): NdrDomainBlockEdit {
  if (action.kind !== 'block_destination' || action.target.type !== 'domain') {
    return { ok: false, code: 'ndr_action_not_domain', message: 'This action does not block a domain.' };
  }
  const section = current ?? { categories: [], blocked_urls: [], allowed_urls: [] };
  const domain = action.target.value;
  if (section.allowed_urls.some((u) => sameRule(u, domain))) {
    return { ok: false, code: 'ndr_domain_allowed', message: `${domain} is on the content filter's allowed URLs: take it off first.` };
  }
  if (section.blocked_urls.some((u) => sameRule(u, domain))) return { ok: true, section, added: false };
  if (section.blocked_urls.length >= URLS_MAX) return { ok: false, code: 'ndr_content_filter_full', message: "The content filter's blocked URLs are full." };
  return { ok: true, section: { ...section, blocked_urls: [...section.blocked_urls, domain] }, added: true };
}

/** The section without the domain the action added; untouched when it did not add it. */
export function undoNdrDomainBlock(current: ContentFilterSection | undefined, action: NdrResponseAction, added: boolean): ContentFilterSection | undefined {
  if (!current || !added || action.kind !== 'block_destination' || action.target.type !== 'domain') return current;
  const domain = action.target.value;
  return { ...current, blocked_urls: current.blocked_urls.filter((u) => u !== domain) };
}

/** The NAC decision a quarantine by NAC asks for (the NAC module's body), or null when the action is not one. */
export function ndrNacDecision(action: NdrResponseAction): { macs: string[]; decision: 'quarantine' } | null {
  if (action.kind !== 'quarantine_host' || action.method !== 'nac' || !action.mac) return null;
  return { macs: [action.mac], decision: 'quarantine' };
}
