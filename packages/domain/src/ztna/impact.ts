/**
 * What one edit of a tenant's zero-trust settings can change: the endpoints whose `ztna` section
 * may differ afterwards, found from an index of who each endpoint is (user, teams, security
 * groups, system, profile) instead of by making every endpoint's section again. The server
 * recomputes and pushes only those; the answer may hold endpoints whose section turns out the
 * same (a superset), never leaves one out.
 */
import type { AccessSources, ZtnaPolicy } from './policy';
import type { DnsGroup } from './dns';
import type { EndpointOs } from './posture';
import type { EndpointProfile } from './profile';
import type { Relay } from './overlay';
import type { ZtnaServer } from './resources';
import { ruleMatches, type SecurityGroup } from './security-groups';
import { endpointSecurityGroups, ztnaEndpointView, type TenantZtna, type ZtnaEndpoint, type ZtnaRollout } from './section';
import { profileFor } from './profile';

/** How an endpoint got its profile: assigned to it, to one of its teams, the tenant's default, or none (the built-in). */
export type ProfileSource = 'endpoint' | 'group' | 'default' | 'built_in';

export interface IndexedEndpoint {
  user: string | null;
  groups: readonly string[];
  os: EndpointOs | null;
  country: string | null;
  securityGroups: readonly string[];
  /** Null: the built-in profile. */
  profile: string | null;
  profileSource: ProfileSource;
}

/** Who each endpoint of a tenant is, and the endpoints of each user, team, security group, system, country and profile. */
export interface RequesterIndex {
  endpoints: Map<string, IndexedEndpoint>;
  byUser: Map<string, Set<string>>;
  byGroup: Map<string, Set<string>>;
  bySecurityGroup: Map<string, Set<string>>;
  byOs: Map<EndpointOs, Set<string>>;
  byCountry: Map<string, Set<string>>;
  /** The built-in profile's endpoints under null. */
  byProfile: Map<string | null, Set<string>>;
}

export interface ZtnaConnector {
  deviceId: string;
  site: string;
}

/**
 * One edit. For a single entity, `before` null is an addition and `after` null a removal; the
 * tenant's other entities keep their places. An edit of an ordered list (a reorder, or an
 * insertion that renumbers the rest) is given as the whole list before and after.
 */
export type ZtnaChange =
  | { kind: 'policy'; before: ZtnaPolicy | null; after: ZtnaPolicy | null }
  | { kind: 'policies'; before: readonly ZtnaPolicy[]; after: readonly ZtnaPolicy[] }
  | { kind: 'server'; before: ZtnaServer | null; after: ZtnaServer | null }
  | { kind: 'security_group'; before: SecurityGroup | null; after: SecurityGroup | null }
  | { kind: 'dns_group'; before: DnsGroup | null; after: DnsGroup | null }
  | { kind: 'dns_groups'; before: readonly DnsGroup[]; after: readonly DnsGroup[] }
  | { kind: 'profile'; before: EndpointProfile | null; after: EndpointProfile | null }
  | { kind: 'relay'; before: Relay | null; after: Relay | null }
  | { kind: 'connector'; before: ZtnaConnector | null; after: ZtnaConnector | null }
  | { kind: 'rollout'; before: ZtnaRollout | null; after: ZtnaRollout | null }
  /** An endpoint enrolled, left, or changed user, teams or posture. */
  | { kind: 'endpoint'; id: string }
  /** iao and the overlay access policy: in every endpoint's section. */
  | { kind: 'settings' };

function profileSourceOf(p: EndpointProfile | null, e: ZtnaEndpoint): ProfileSource {
  if (!p) return 'built_in';
  if (p.assigned.endpoints.includes(e.id)) return 'endpoint';
  if (p.assigned.groups.some((g) => e.groups.includes(g))) return 'group';
  return 'default';
}

function add<K>(map: Map<K, Set<string>>, key: K, id: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(id);
}

function remove<K>(map: Map<K, Set<string>>, key: K, id: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) map.delete(key);
}

function indexEndpoint(index: RequesterIndex, tenant: TenantZtna, e: ZtnaEndpoint): void {
  const profile = profileFor(tenant.profiles, e);
  const entry: IndexedEndpoint = {
    user: e.user,
    groups: e.groups,
    os: e.posture.os,
    country: e.posture.country,
    securityGroups: endpointSecurityGroups(tenant, e),
    profile: profile?.id ?? null,
    profileSource: profileSourceOf(profile, e),
  };
  index.endpoints.set(e.id, entry);
  if (entry.user) add(index.byUser, entry.user, e.id);
  for (const g of entry.groups) add(index.byGroup, g, e.id);
  for (const g of entry.securityGroups) add(index.bySecurityGroup, g, e.id);
  if (entry.os) add(index.byOs, entry.os, e.id);
  if (entry.country) add(index.byCountry, entry.country, e.id);
  add(index.byProfile, entry.profile, e.id);
}

function unindexEndpoint(index: RequesterIndex, id: string): void {
  const entry = index.endpoints.get(id);
  if (!entry) return;
  index.endpoints.delete(id);
  if (entry.user) remove(index.byUser, entry.user, id);
  for (const g of entry.groups) remove(index.byGroup, g, id);
  for (const g of entry.securityGroups) remove(index.bySecurityGroup, g, id);
  if (entry.os) remove(index.byOs, entry.os, id);
  if (entry.country) remove(index.byCountry, entry.country, id);
  remove(index.byProfile, entry.profile, id);
}

export function buildRequesterIndex(tenant: TenantZtna): RequesterIndex {
  const index: RequesterIndex = {
    endpoints: new Map(),
    byUser: new Map(),
    byGroup: new Map(),
    bySecurityGroup: new Map(),
    byOs: new Map(),
    byCountry: new Map(),
    byProfile: new Map(),
  };
  for (const e of tenant.endpoints.values()) indexEndpoint(index, tenant, e);
  return index;
}

/** Whether an edit can change who an endpoint is in the index (its security groups or profile), so that the index needs refreshing. */
export const changeMovesRequesters = (change: ZtnaChange): boolean =>
  change.kind === 'security_group' || change.kind === 'profile' || change.kind === 'endpoint';

/**
 * Brings the index up to date for some endpoints after an edit (the tenant as it is now): after a
 * security group, profile or endpoint edit, the endpoints it touched are the only ones whose entry
 * can change. Ids the tenant no longer has leave the index.
 */
export function refreshRequesterIndex(index: RequesterIndex, tenant: TenantZtna, ids: Iterable<string>): void {
  for (const id of ids) {
    unindexEndpoint(index, id);
    const e = tenant.endpoints.get(id);
    if (e) indexEndpoint(index, tenant, e);
  }
}

/** Whether two JSON-like values are equal (the entities are plain data). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameValue(x, bb[i]));
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The items of an ordered list that an edit changed: added, removed, changed, or moved — each as
 * it was and as it is. Of the items in both lists, those of a longest run that kept its relative
 * order stay put and the rest moved: every pair whose order flipped has a moved item in it, so a
 * requester matching both of such a pair matches a moved one (dragging one policy elsewhere moves
 * that one only).
 */
export function changedInOrder<T extends { id: string }>(before: readonly T[], after: readonly T[]): T[] {
  const out: T[] = [];
  const afterAt = new Map(after.map((x, i) => [x.id, i]));
  const beforeIds = new Set(before.map((x) => x.id));
  const common: { was: T; is: T; at: number }[] = [];
  for (const was of before) {
    const at = afterAt.get(was.id);
    if (at === undefined) out.push(was);
    else common.push({ was, is: after[at]!, at });
  }
  for (const is of after) if (!beforeIds.has(is.id)) out.push(is);
  const kept = longestIncreasing(common.map((c) => c.at));
  common.forEach((c, i) => {
    if (!kept.has(i) || !sameValue(c.was, c.is)) out.push(c.was, c.is);
  });
  return out;
}

/** The indexes of a longest strictly increasing subsequence of distinct numbers (patience sorting). */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // tails[k]: index of the smallest last value of an increasing run of length k + 1
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((v, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i >= 0; i = previous[i]!) kept.add(i);
  return kept;
}

function union(into: Set<string>, ids: Iterable<string> | undefined): void {
  if (ids) for (const id of ids) into.add(id);
}

/** The endpoints whose requester a policy's sources match. */
function matching(index: RequesterIndex, s: AccessSources, into: Set<string>): void {
  if (s.everyone) return union(into, index.endpoints.keys());
  for (const u of s.users) union(into, index.byUser.get(u));
  for (const g of s.groups) union(into, index.byGroup.get(g));
  for (const g of s.security_groups) union(into, index.bySecurityGroup.get(g));
}

/** The endpoints that are members of a security group as it is given (statically or by its rule). */
function membersOf(index: RequesterIndex, g: SecurityGroup): Set<string> {
  const out = new Set<string>();
  if (g.kind !== 'endpoints') for (const u of g.users) union(out, index.byUser.get(u));
  if (g.kind !== 'users') for (const id of g.endpoints) if (index.endpoints.has(id)) out.add(id);
  const rule = g.rule;
  if (rule) {
    const candidates = rule.os.length > 0 ? rule.os.map((os) => index.byOs.get(os)) : rule.countries.map((c) => index.byCountry.get(c));
    for (const set of candidates)
      for (const id of set ?? []) {
        const e = index.endpoints.get(id)!;
        if (ruleMatches(rule, { os: e.os, country: e.country })) out.add(id);
      }
  }
  return out;
}

/** The endpoints a DNS group is given to, when enabled (before the profile's use of the tenant's DNS). */
function dnsReceivers(index: RequesterIndex, g: DnsGroup | null, into: Set<string>): void {
  if (!g?.enabled) return;
  if (g.groups.length + g.security_groups.length === 0) return union(into, index.endpoints.keys());
  for (const x of g.groups) union(into, index.byGroup.get(x));
  for (const x of g.security_groups) union(into, index.bySecurityGroup.get(x));
}

/** Leaves out the endpoints whose profile does not use the tenant's DNS groups (their `dns` is always empty). */
function usingTenantDns(tenant: TenantZtna, index: RequesterIndex, ids: Set<string>): Set<string> {
  const noTenantDns = new Set(tenant.profiles.filter((p) => !p.dns.use_tenant_dns).map((p) => p.id));
  if (noTenantDns.size === 0) return ids;
  for (const id of ids) {
    const profile = index.endpoints.get(id)?.profile;
    if (profile && noTenantDns.has(profile)) ids.delete(id);
  }
  return ids;
}

/** The endpoints that some enabled allow policy names a server or site to (through the sources of those policies). */
function reachers(tenant: TenantZtna, index: RequesterIndex, names: (p: ZtnaPolicy) => boolean, into: Set<string>): void {
  for (const p of tenant.policies) if (p.enabled && p.action === 'allow' && names(p)) matching(index, p.sources, into);
}

const namesServer = (s: Pick<ZtnaServer, 'id' | 'site'>) => (p: ZtnaPolicy) => p.destinations.servers.includes(s.id) || p.destinations.sites.includes(s.site);

/**
 * The endpoints whose `ztna` section can change with an edit: `tenant` as it was or as it is (only
 * the edited entity differs) and `index` built from the tenant as it was. Afterwards bring the index
 * up to date with `refreshRequesterIndex(index, tenantNow, touched)`.
 */
export function endpointsTouched(tenant: TenantZtna, index: RequesterIndex, change: ZtnaChange): string[] {
  const out = new Set<string>();
  switch (change.kind) {
    case 'policy': {
      if (sameValue(change.before, change.after)) break;
      // The policy is in the sections of the requesters its sources match, and names servers only to them.
      if (change.before) matching(index, change.before.sources, out);
      if (change.after) matching(index, change.after.sources, out);
      break;
    }
    case 'policies':
      for (const p of changedInOrder(change.before, change.after)) matching(index, p.sources, out);
      break;
    case 'server': {
      if (sameValue(change.before, change.after)) break;
      for (const s of [change.before, change.after]) if (s) reachers(tenant, index, namesServer(s), out);
      break;
    }
    case 'security_group': {
      if (sameValue(change.before, change.after)) break;
      // Only membership reaches a section (identity, the policies' and DNS groups' sources, rollouts): who joined or left.
      const was = change.before ? (index.bySecurityGroup.get(change.before.id) ?? new Set<string>()) : new Set<string>();
      const is = change.after ? membersOf(index, change.after) : new Set<string>();
      for (const id of was) if (!is.has(id)) out.add(id);
      for (const id of is) if (!was.has(id)) out.add(id);
      break;
    }
    case 'dns_group': {
      if (sameValue(change.before, change.after)) break;
      dnsReceivers(index, change.before, out);
      dnsReceivers(index, change.after, out);
      usingTenantDns(tenant, index, out);
      break;
    }
    case 'dns_groups':
      for (const g of changedInOrder(change.before, change.after)) dnsReceivers(index, g, out);
      usingTenantDns(tenant, index, out);
      break;
    case 'profile': {
      if (sameValue(change.before, change.after)) break;
      // Who had it, and who may get it now: the endpoints and teams it is assigned to or, as a default, those on a default.
      if (change.before) union(out, index.byProfile.get(change.before.id));
      const p = change.after;
      if (p) {
        for (const id of p.assigned.endpoints) if (index.endpoints.has(id)) out.add(id);
        for (const g of p.assigned.groups) union(out, index.byGroup.get(g));
        if (p.is_default) for (const [id, e] of index.endpoints) if (e.profileSource === 'default' || e.profileSource === 'built_in') out.add(id);
      }
      break;
    }
    case 'relay': {
      if (sameValue(change.before, change.after) || !(change.before?.enabled || change.after?.enabled)) break;
      const id = (change.before ?? change.after)!.id;
      const profiles = new Map(tenant.profiles.map((p) => [p.id, p]));
      // The relay is offered by the built-in profile and by profiles naming no relays or naming it.
      for (const [profileId, endpoints] of index.byProfile) {
        const p = profileId === null ? undefined : profiles.get(profileId);
        if (!p || p.relays.length === 0 || p.relays.includes(id)) union(out, endpoints);
      }
      break;
    }
    case 'connector': {
      if (sameValue(change.before, change.after)) break;
      const sites = new Set([change.before?.site, change.after?.site].filter((s): s is string => !!s));
      const servers = new Set(tenant.servers.filter((s) => sites.has(s.site)).map((s) => s.id));
      reachers(tenant, index, (p) => p.destinations.sites.some((s) => sites.has(s)) || p.destinations.servers.some((s) => servers.has(s)), out);
      break;
    }
    case 'rollout': {
      if (sameValue(change.before, change.after)) break;
      // An endpoint follows the first rollout of its system that applies to it: only those it applies to, before or after, can move.
      for (const r of [change.before, change.after]) {
        if (!r) continue;
        const members = r.securityGroup ? index.bySecurityGroup.get(r.securityGroup) : undefined;
        for (const id of index.byOs.get(r.os) ?? []) if (!r.securityGroup || members?.has(id)) out.add(id);
      }
      break;
    }
    case 'endpoint':
      out.add(change.id);
      break;
    case 'settings':
      union(out, index.endpoints.keys());
      break;
  }
  return [...out];
}

/**
 * A key two endpoints of one tenant snapshot share exactly when their `ztna` sections are the same
 * apart from `identity`: their profile, the places of the policies and DNS groups they get, and the
 * client release. The renderer makes one section per key (see `ztnaSectionsForEndpoints`).
 */
export const ztnaViewKey = (tenant: TenantZtna, endpoint: ZtnaEndpoint): string => ztnaEndpointView(tenant, endpoint).key;
