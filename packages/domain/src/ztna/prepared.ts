import { privateNameOf, type ZtnaServer } from './resources';
import { ruleMatches, type GroupSubject, type SecurityGroup } from './security-groups';
import type { ZtnaPolicy } from './policy';
import type { TenantZtna } from './tenant';

/**
 * What every endpoint's section of a tenant reads again and again, worked out once per tenant:
 * the places of the servers each policy names (by id or site), each server's private name, and
 * the security groups' static members as sets. The server renders a tenant's devices one call at
 * a time, so the answer is kept per tenant object and made again when one of its lists of servers,
 * policies or security groups is not the one it was made from (element by element).
 */
export interface PreparedTenant {
  /** Per policy (by place), the places of the servers it names, ascending. */
  policyServers: readonly Int32Array[];
  /** Per server (by place), the name its clients resolve to its address, or null. */
  names: readonly (string | null)[];
  groups: readonly { group: SecurityGroup; users: ReadonlySet<string>; endpoints: ReadonlySet<string> }[];
  /** One mark per server, for building a list of servers without a set (reset after each use). */
  marks: Uint8Array;
}

/**
 * The name a client resolves for a server, when it differs from the address and is not a wildcard.
 * Kept per server object: the entities are read-only values.
 */
const resolvedNames = new WeakMap<ZtnaServer, string | null>();
export function resolvedNameOf(s: ZtnaServer): string | null {
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
  return {
    policyServers: t.policies.map((p) => serversNamed(p, byId, bySite)),
    names: t.servers.map(resolvedNameOf),
    groups: t.securityGroups.map((group) => ({ group, users: new Set(group.users), endpoints: new Set(group.endpoints) })),
    marks: new Uint8Array(t.servers.length),
  };
}

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const kept = new WeakMap<TenantZtna, { servers: ZtnaServer[]; policies: ZtnaPolicy[]; securityGroups: SecurityGroup[]; prepared: PreparedTenant }>();

export function preparedTenant(t: TenantZtna): PreparedTenant {
  const k = kept.get(t);
  if (k && sameItems(k.servers, t.servers) && sameItems(k.policies, t.policies) && sameItems(k.securityGroups, t.securityGroups)) return k.prepared;
  const prepared = prepare(t);
  kept.set(t, { servers: [...t.servers], policies: [...t.policies], securityGroups: [...t.securityGroups], prepared });
  return prepared;
}

/** `securityGroupsOf` on the prepared groups: the ids of the groups a subject is in, in the groups' order. */
export function preparedSecurityGroups(p: PreparedTenant, s: GroupSubject): string[] {
  const out: string[] = [];
  for (const { group, users, endpoints } of p.groups) {
    const member =
      (s.user !== null && s.user !== '' && group.kind !== 'endpoints' && users.has(s.user)) ||
      (s.endpointId !== null && s.endpointId !== '' && group.kind !== 'users' && endpoints.has(s.endpointId)) ||
      (group.rule !== null && ruleMatches(group.rule, s.posture));
    if (member) out.push(group.id);
  }
  return out;
}
