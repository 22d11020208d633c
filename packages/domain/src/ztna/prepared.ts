import { privateNameOf, type ZtnaServer } from './resources';
import { mayJoinGroups, ruleMatches, type GroupSubject, type SecurityGroup } from './security-groups';
import type { ZtnaPolicy } from './policy';
import type { TenantZtna } from './tenant';

/**
 * What every endpoint's section of a tenant reads again and again, worked out once per tenant:
 * the places of the servers each policy names (by id or site), each server's private name, and
 * the security groups' static members as sets, the policies by source and the connectors by
 * site. The server renders a tenant's devices one call at
 * a time, so the answer is kept and made again when one of the tenant's lists of servers,
 * policies, security groups or connectors is not the one it was made from (element by element).
 */
export interface PreparedTenant {
  /** Per policy (by place), the places of the servers it names, ascending. */
  policyServers: readonly Int32Array[];
  /** Per server (by place), the name its clients resolve to its address, or null. */
  names: readonly (string | null)[];
  groups: readonly { group: SecurityGroup; users: ReadonlySet<string>; endpoints: ReadonlySet<string> }[];
  /** The places of the policies for everyone, and of those naming each user, team and security group. */
  sources: { everyone: number[]; users: Map<string, number[]>; groups: Map<string, number[]>; securityGroups: Map<string, number[]> };
  /** The sites app connectors publish, in the order the connectors first name them, with their devices. */
  connectorSites: readonly { site: string; devices: readonly string[] }[];
  /** Per server (by place), its site's place in `connectorSites`, or -1 when no connector publishes it. */
  serverSite: Int32Array;
  /** One mark per server, policy and connector site, for building a list without a set (reset after each use). */
  marks: Uint8Array;
  policyMarks: Uint8Array;
  siteMarks: Uint8Array;
}

/**
 * The name a client resolves for a server, when it differs from the address and is not a wildcard.
 * Kept per server object: the entities are read-only values.
 */
const resolvedNames = new WeakMap<ZtnaServer, string | null>();
function resolvedNameOf(s: ZtnaServer): string | null {
  let name = resolvedNames.get(s);
  if (name === undefined) {
    name = privateNameOf(s);
    if (name === s.address || s.address.startsWith('*.')) name = null;
    resolvedNames.set(s, name);
  }
  return name;
}

function serversNamed(p: ZtnaPolicy, byId: Map<string, number[]>, bySite: Map<string, number[]>): Int32Array {
  const places = new Set<number>();
  for (const id of p.destinations.servers) for (const i of byId.get(id) ?? []) places.add(i);
  for (const site of p.destinations.sites) for (const i of bySite.get(site) ?? []) places.add(i);
  return Int32Array.from(places).sort();
}

function prepare(t: TenantZtna): PreparedTenant {
  const byId = new Map<string, number[]>();
  const bySite = new Map<string, number[]>();
  t.servers.forEach((s, i) => {
    (byId.get(s.id) ?? byId.set(s.id, []).get(s.id)!).push(i);
    (bySite.get(s.site) ?? bySite.set(s.site, []).get(s.site)!).push(i);
  });
  const sources: PreparedTenant['sources'] = { everyone: [], users: new Map(), groups: new Map(), securityGroups: new Map() };
  const add = (map: Map<string, number[]>, key: string, i: number) => (map.get(key) ?? map.set(key, []).get(key)!).push(i);
  t.policies.forEach((p, i) => {
    if (p.sources.everyone) sources.everyone.push(i);
    for (const u of p.sources.users) add(sources.users, u, i);
    for (const g of p.sources.groups) add(sources.groups, g, i);
    for (const g of p.sources.security_groups) add(sources.securityGroups, g, i);
  });
  const connectorSites: { site: string; devices: string[] }[] = [];
  const siteAt = new Map<string, number>();
  for (const c of t.connectors) {
    let k = siteAt.get(c.site);
    if (k === undefined) siteAt.set(c.site, (k = connectorSites.push({ site: c.site, devices: [] }) - 1));
    connectorSites[k]!.devices.push(c.deviceId);
  }
  return {
    connectorSites,
    serverSite: Int32Array.from(t.servers, (s) => siteAt.get(s.site) ?? -1),
    siteMarks: new Uint8Array(connectorSites.length),
    sources,
    policyMarks: new Uint8Array(t.policies.length),
    policyServers: t.policies.map((p) => serversNamed(p, byId, bySite)),
    names: t.servers.map(resolvedNameOf),
    groups: t.securityGroups.map((group) => ({ group, users: new Set(group.users), endpoints: new Set(group.endpoints) })),
    marks: new Uint8Array(t.servers.length),
  };
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The lists a preparation is made from, as they were. */
type Made = Pick<TenantZtna, 'servers' | 'policies' | 'securityGroups' | 'connectors'>;
type Kept = { made: Made; prepared: PreparedTenant };
/** Kept per tenant object, and per servers' list: a tenant copied with other lists changed (`{ ...tenant, profiles }`) finds it too. */
const byTenant = new WeakMap<TenantZtna, Kept>();
const byServers = new WeakMap<readonly ZtnaServer[], Kept>();

const fits = (k: Kept | undefined, t: TenantZtna): k is Kept =>
  !!k &&
  sameItems(k.made.servers, t.servers) &&
  sameItems(k.made.policies, t.policies) &&
  sameItems(k.made.securityGroups, t.securityGroups) &&
  sameItems(k.made.connectors, t.connectors);

export function preparedTenant(t: TenantZtna): PreparedTenant {
  let k = byTenant.get(t);
  if (fits(k, t)) return k.prepared;
  k = byServers.get(t.servers);
  if (!fits(k, t)) {
    k = {
      made: { servers: [...t.servers], policies: [...t.policies], securityGroups: [...t.securityGroups], connectors: [...t.connectors] },
      prepared: prepare(t),
    };
    byServers.set(t.servers, k);
  }
  byTenant.set(t, k);
  return k.prepared;
}

/** `securityGroupsOf` on the prepared groups: the ids of the groups a subject is in, in the groups' order. */
export function preparedSecurityGroups(p: PreparedTenant, s: GroupSubject): string[] {
  const out: string[] = [];
  if (!mayJoinGroups(s)) return out;
  for (const { group, users, endpoints } of p.groups) {
    const member =
      (s.user !== null && s.user !== '' && group.kind !== 'endpoints' && users.has(s.user)) ||
      (s.endpointId !== null && s.endpointId !== '' && group.kind !== 'users' && endpoints.has(s.endpointId)) ||
      (group.rule !== null && ruleMatches(group.rule, s.posture));
    if (member) out.push(group.id);
  }
  return out;
}

/**
 * `sourcesMatch` for every policy at once: the places, ascending, of the policies whose sources
 * match a requester, gathered from the lists of its user, teams and security groups.
 */
export function preparedPolicyPlaces(p: PreparedTenant, r: { user: string | null; groups: readonly string[]; securityGroups: readonly string[] }): number[] {
  const { sources, policyMarks: marks } = p;
  const out: number[] = [];
  const take = (list: readonly number[] | undefined) => {
    if (list)
      for (const i of list) {
        if (marks[i] !== 0) continue;
        marks[i] = 1;
        out.push(i);
      }
  };
  take(sources.everyone);
  if (r.user) take(sources.users.get(r.user));
  for (const g of r.groups) take(sources.groups.get(g));
  for (const g of r.securityGroups) take(sources.securityGroups.get(g));
  for (const i of out) marks[i] = 0;
  return out.sort((a, b) => a - b);
}
