import { z } from 'zod';
import { domainField, ipField, uniqueList, ZTNA_LIMITS, ztnaId, ztnaName } from './fields';

/**
 * A nameserver group (organisation › DNS): names under its match domains are asked of its
 * nameservers (split DNS); no match domains: it is the clients' primary DNS. Given to the
 * endpoints of the listed groups and security groups (none listed: everyone).
 */
const fields = {
  name: ztnaName(),
  nameservers: uniqueList(ipField(), 8).min(1, 'Add at least one nameserver'),
  match_domains: uniqueList(domainField(), 100).default([]),
  search_domains: uniqueList(domainField(), 20).default([]),
  groups: uniqueList(ztnaId(), 500).default([]),
  security_groups: uniqueList(ztnaId(), 500).default([]),
  enabled: z.boolean().default(true),
};
export const dnsGroupInputSchema = z.object({ ...fields, order: z.number().int().min(1).max(ZTNA_LIMITS.dnsGroups).optional() });
export type DnsGroupInput = z.input<typeof dnsGroupInputSchema>;
export const dnsGroupSchema = z.object({ id: ztnaId(), order: z.number().int().min(1), ...fields });
export type DnsGroup = z.infer<typeof dnsGroupSchema>;

const under = (name: string, domain: string) => name === domain || name.endsWith(`.${domain}`);

/** The nameservers a client asks for a name: the first group whose match domain covers it (longest match), else a primary group. */
export function nameserversFor(groups: readonly DnsGroup[], name: string): string[] {
  const n = name.toLowerCase().replace(/\.$/, '');
  let best: { group: DnsGroup; length: number } | null = null;
  for (const g of groups) {
    if (!g.enabled) continue;
    for (const d of g.match_domains) if (under(n, d) && (!best || d.length > best.length)) best = { group: g, length: d.length };
  }
  if (best) return best.group.nameservers;
  return groups.find((g) => g.enabled && g.match_domains.length === 0)?.nameservers ?? [];
}

/** Whether a group is given to a requester with these groups and security groups. */
export const dnsGroupApplies = (g: DnsGroup, r: { groups: readonly string[]; securityGroups: readonly string[] }): boolean =>
  g.groups.length + g.security_groups.length === 0 || g.groups.some((x) => r.groups.includes(x)) || g.security_groups.some((x) => r.securityGroups.includes(x));

const bare = (domain: string) => domain.toLowerCase().replace(/\.$/, '');

/**
 * A match domain of a group that another group already answers for: two groups for one domain
 * would leave which nameservers a client asks to their order. The first such domain (its place in
 * `candidate.match_domains`) with the group that has it; null when there is none.
 */
export function takenMatchDomain(
  groups: readonly DnsGroup[],
  candidate: { id?: string; match_domains: readonly string[] },
): { domain: string; index: number; group: DnsGroup } | null {
  for (const [index, domain] of candidate.match_domains.entries()) {
    const group = groups.find((g) => g.id !== candidate.id && g.match_domains.some((d) => bare(d) === bare(domain)));
    if (group) return { domain, index, group };
  }
  return null;
}
