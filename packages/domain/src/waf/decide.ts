import { contains, subnetOfCidr } from '../config/subnets';
import { isIPv4 } from '../validators/ipv4';
import { wafGroupOfRule, type WafPolicy } from './policy';
import type { WafEdgeList } from './section';

/** An address in a list of addresses and subnets. */
export function addressListed(ip: string, list: readonly string[]): boolean {
  if (!isIPv4(ip)) return false;
  return list.some((entry) => (entry.includes('/') ? contains(subnetOfCidr(entry), ip) : entry === ip));
}

export interface MatchedRequest {
  clientIp: string;
  /** ISO 3166-1 alpha-2 of the client's address, null when unknown. */
  country: string | null;
  /** Path without the query. */
  path: string;
  /** The client carries a pass from the edge's JavaScript challenge (a browser that ran it). */
  passedChallenge?: boolean;
  /** The Core Rule Set's matches: id, tags and the lowest paranoia level that matches. */
  rules: readonly { id: number; tags: readonly string[]; paranoia: number; parameter?: string | null }[];
}

export type WafDecision =
  | { action: 'denied'; why: 'ip' | 'country' | 'threat_list' }
  | { action: 'challenged' }
  | { action: 'blocked' | 'detected'; rules: number[] }
  | { action: 'passed'; why: 'allowed' | 'off' | 'no_match' };

/**
 * What an edge running `policy` does with a request the Core Rule Set matched: the order ModSecurity
 * and nginx apply the policy in (the allow list first, then the deny lists, then the challenge
 * lists, which hold in every mode as the edge's own; then the rules the paranoia level runs, less
 * the disabled groups and the exclusions that cover the path and parameter). The simulated POP
 * decides its traffic with it; the real edge's engine is the proof.
 */
export function decideWafRequest(policy: WafPolicy, lists: readonly Pick<WafEdgeList, 'action' | 'cidrs'>[], r: MatchedRequest): WafDecision {
  const listed = (action: WafEdgeList['action']) => lists.some((l) => l.action === action && addressListed(r.clientIp, l.cidrs));
  if (addressListed(r.clientIp, policy.ip_allow)) return { action: 'passed', why: 'allowed' };
  if (addressListed(r.clientIp, policy.ip_deny)) return { action: 'denied', why: 'ip' };
  if (listed('deny')) return { action: 'denied', why: 'threat_list' };
  if (r.country !== null && (policy.country_deny.includes(r.country) || (policy.country_allow.length > 0 && !policy.country_allow.includes(r.country)))) {
    return { action: 'denied', why: 'country' };
  }
  if (listed('challenge') && !r.passedChallenge) return { action: 'challenged' };
  if (policy.mode === 'off') return { action: 'passed', why: 'off' };
  const disabled = new Set<string>(policy.disabled_groups);
  const running = r.rules.filter((rule) => {
    if (rule.paranoia > policy.paranoia_level) return false;
    const group = wafGroupOfRule(rule.id);
    if (group && disabled.has(group)) return false;
    return !policy.exclusions.some(
      (e) =>
        (e.rule_id === rule.id || (e.tag !== null && rule.tags.includes(e.tag))) &&
        (e.path === null || r.path.startsWith(e.path)) &&
        (e.parameter === null || e.parameter === rule.parameter),
    );
  });
  if (running.length === 0) return { action: 'passed', why: 'no_match' };
  return { action: policy.mode === 'blocking' ? 'blocked' : 'detected', rules: running.map((x) => x.id) };
}
