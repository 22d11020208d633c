import { z } from 'zod';
import { cidrOrIp } from '../waf/policy';
import { isFqdn } from '../validators/domain-name';
import { storableText } from '../validators/storable-text';
import { ipv4ToNumber } from '../validators/ipv4';

/**
 * A threat-intel list as NDR reads it: QShield's lists (addresses and subnets, the WAF edge's
 * `cidrs`), with the domains a feed may carry besides. The server passes the tenant's lists as
 * the threat-intel rule's parameter.
 */
export const ndrThreatListSchema = z.object({
  id: z.string().min(1).max(64),
  name: storableText().max(64),
  cidrs: z.array(cidrOrIp).max(100_000).default([]),
  /** A domain matches itself and every name under it. */
  domains: z
    .array(
      z
        .string()
        .max(253)
        .transform((d) => d.toLowerCase().replace(/\.$/, ''))
        .refine(isFqdn, 'Should be a domain name'),
    )
    .max(100_000)
    .default([]),
});
export type NdrThreatList = z.infer<typeof ndrThreatListSchema>;

/** What matched: the list, and its entry as written. */
export interface IntelHit {
  list: NdrThreatList;
  entry: string;
}

export interface IntelMatcher {
  address(ip: string): IntelHit | null;
  name(domain: string): IntelHit | null;
}

/**
 * A matcher built once per set of lists: per prefix length a map of networks (so a lookup is at
 * most 33 map reads, whatever the lists hold), and a map of domains asked suffix by suffix. The
 * most specific entry that holds an address names it; of two lists with the same entry, the first.
 */
export function intelMatcher(lists: readonly NdrThreatList[]): IntelMatcher {
  const byPrefix = new Map<number, Map<number, IntelHit>>();
  const names = new Map<string, IntelHit>();
  for (const list of lists) {
    for (const entry of list.cidrs) {
      const [base, bits = '32'] = entry.split('/') as [string, string?];
      const prefix = Number(bits);
      const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
      const net = (ipv4ToNumber(base) & mask) >>> 0;
      let nets = byPrefix.get(prefix);
      if (!nets) byPrefix.set(prefix, (nets = new Map()));
      if (!nets.has(net)) nets.set(net, { list, entry });
    }
    for (const domain of list.domains) if (!names.has(domain)) names.set(domain, { list, entry: domain });
  }
  const prefixes = [...byPrefix.keys()].sort((a, b) => b - a);
  return {
    address(ip) {
      const n = ipv4ToNumber(ip) >>> 0;
      for (const prefix of prefixes) {
        const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
        const hit = byPrefix.get(prefix)!.get((n & mask) >>> 0);
        if (hit) return hit;
      }
      return null;
    },
    name(domain) {
      let rest = domain.toLowerCase().replace(/\.$/, '');
      for (;;) {
        const hit = names.get(rest);
        if (hit) return hit;
        const dot = rest.indexOf('.');
        if (dot < 0) return null;
        rest = rest.slice(dot + 1);
      }
    },
  };
}
