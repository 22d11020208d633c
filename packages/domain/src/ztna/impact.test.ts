import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildRequesterIndex, changedInOrder, changeMovesRequesters, endpointsTouched, refreshRequesterIndex, ztnaViewKey, type ZtnaChange } from './impact';
import { ztnaSectionsFor, type TenantZtna, type ZtnaEndpoint } from './section';
import type { ZtnaPolicy } from './policy';
import { uuid } from './test-fixtures';
import {
  DNS_IDS,
  GATEWAY_IDS,
  GROUPS,
  PROFILE_IDS,
  RELAY_IDS,
  ROLLOUT_IDS,
  SECURITY_GROUPS,
  SERVER_IDS,
  USERS,
  connectorArb,
  dnsGroupArb,
  endpointArb,
  numbered,
  policyBodyArb,
  profileArb,
  relayArb,
  rolloutArb,
  securityGroupArb,
  serverArb,
  tenantArb,
} from './test-arbitraries';

interface Edit {
  change: ZtnaChange;
  after: TenantZtna;
}

const replaceAt = <T>(list: readonly T[], i: number, x: T | null): T[] => (x === null ? list.filter((_, j) => j !== i) : list.map((y, j) => (j === i ? x : y)));
/** An id of `ids` the list does not use yet, else `fallback`. */
const freshId = (ids: readonly string[], list: readonly { id: string }[], fallback: string) => ids.find((id) => !list.some((x) => x.id === id)) ?? fallback;

/** Adding, changing or removing one entity of a list, the others keeping their places. */
function entityEdits<T extends { id: string }>(
  list: readonly T[],
  make: (id: string, i: number) => fc.Arbitrary<T>,
  fresh: string,
  apply: (list: T[], before: T | null, after: T | null) => Edit,
  addAtStart = false,
): fc.Arbitrary<Edit>[] {
  const edits = [make(fresh, list.length).map((x) => apply(addAtStart ? [x, ...list] : [...list, x], null, x))];
  if (list.length > 0) {
    const at = fc.nat(list.length - 1);
    edits.push(at.chain((i) => make(list[i]!.id, i).map((x) => apply(replaceAt(list, i, x), list[i]!, x))));
    edits.push(at.map((i) => apply(replaceAt(list, i, null), list[i]!, null)));
  }
  return edits;
}

/** A policy of the test universe with this id, keeping the place (order, name) of the one it replaces. */
const policyAt = (list: readonly ZtnaPolicy[]) => (id: string, i: number) =>
  policyBodyArb.map((body) => ({ ...numbered(body, i), id, ...(list[i] ? { order: list[i]!.order, name: list[i]!.name } : {}) }));

const renumber = (ps: readonly ZtnaPolicy[]) => ps.map((p, i) => ({ ...p, order: i + 1 }));

function editsOf(t: TenantZtna): fc.Arbitrary<Edit> {
  const edits: fc.Arbitrary<Edit>[] = [
    ...entityEdits(t.policies, policyAt(t.policies), uuid(0x9050), (policies, before, after) => ({
      change: { kind: 'policy', before, after },
      after: { ...t, policies },
    })),
    ...entityEdits(t.servers, serverArb, uuid(0x5006), (servers, before, after) => ({ change: { kind: 'server', before, after }, after: { ...t, servers } })),
    ...entityEdits(t.securityGroups, securityGroupArb, freshId(SECURITY_GROUPS, t.securityGroups, uuid(0x5604)), (securityGroups, before, after) => ({
      change: { kind: 'security_group', before, after },
      after: { ...t, securityGroups },
    })),
    ...entityEdits(
      t.dnsGroups,
      (id, i) => dnsGroupArb(id).map((g) => ({ ...g, order: i + 1 })),
      freshId(DNS_IDS, t.dnsGroups, uuid(0xd54)),
      (dnsGroups, before, after) => ({ change: { kind: 'dns_group', before, after }, after: { ...t, dnsGroups } }),
    ),
    ...entityEdits(t.profiles, profileArb, freshId(PROFILE_IDS, t.profiles, uuid(0x9f04)), (profiles, before, after) => ({
      change: { kind: 'profile', before, after },
      after: { ...t, profiles },
    })),
    ...entityEdits(t.relays, relayArb, freshId(RELAY_IDS, t.relays, uuid(0x7e3)), (relays, before, after) => ({
      change: { kind: 'relay', before, after },
      after: { ...t, relays },
    })),
    ...entityEdits(
      t.rollouts,
      rolloutArb,
      freshId(ROLLOUT_IDS, t.rollouts, uuid(0x7003)),
      (rollouts, before, after) => ({ change: { kind: 'rollout', before, after }, after: { ...t, rollouts } }),
      // The newest rollout comes first.
      true,
    ),
    ...entityEdits(
      t.connectors.map((c) => ({ ...c, id: c.deviceId })),
      (id) => connectorArb(id).map((c) => ({ ...c, id })),
      freshId(
        GATEWAY_IDS,
        t.connectors.map((c) => ({ id: c.deviceId })),
        uuid(0xa4),
      ),
      (connectors, before, after) => ({
        change: {
          kind: 'connector',
          before: before && { deviceId: before.deviceId, site: before.site },
          after: after && { deviceId: after.deviceId, site: after.site },
        },
        after: { ...t, connectors: connectors.map((c) => ({ deviceId: c.deviceId, site: c.site })) },
      }),
    ),
    // A reorder (renumbered, or only moved), and an insertion in the middle that renumbers the rest.
    fc
      .shuffledSubarray(t.policies, { minLength: t.policies.length, maxLength: t.policies.length })
      .chain((ps) => fc.constantFrom(renumber(ps), ps))
      .map((ps) => ({ change: { kind: 'policies', before: t.policies, after: ps }, after: { ...t, policies: ps } })),
    fc.tuple(policyBodyArb, fc.nat(t.policies.length)).map(([body, at]) => {
      const policies = renumber([...t.policies.slice(0, at), numbered(body, 50), ...t.policies.slice(at)]);
      return { change: { kind: 'policies', before: t.policies, after: policies }, after: { ...t, policies } };
    }),
    fc
      .shuffledSubarray(t.dnsGroups, { minLength: t.dnsGroups.length, maxLength: t.dnsGroups.length })
      .map((gs) => gs.map((g, i) => ({ ...g, order: i + 1 })))
      .map((dnsGroups) => ({ change: { kind: 'dns_groups', before: t.dnsGroups, after: dnsGroups }, after: { ...t, dnsGroups } })),
    fc.constant({
      change: { kind: 'settings' },
      after: { ...t, settings: { ...t.settings, overlay_access: { ...t.settings.overlay_access, peer_to_peer: !t.settings.overlay_access.peer_to_peer } } },
    }),
    fc
      .constantFrom(...t.endpoints.keys())
      .chain((id) => endpointArb(id).map((e) => ({ change: { kind: 'endpoint', id }, after: { ...t, endpoints: new Map([...t.endpoints, [id, e]]) } }))),
  ];
  return fc.oneof(...edits);
}

const tenantAndEdit = tenantArb.chain((t) => editsOf(t).map((edit) => ({ t, ...edit })));
const sectionText = (t: TenantZtna, id: string) => JSON.stringify(ztnaSectionsFor(t, { id, kind: 'endpoint' }));

describe('endpointsTouched on random tenants and edits', () => {
  it('holds every endpoint whose section changed, whether given the tenant as it was or as it is', () => {
    const kinds = new Map<string, { edits: number; changed: number; touched: number }>();
    fc.assert(
      fc.property(tenantAndEdit, ({ t, change, after }) => {
        const touched = new Set(endpointsTouched(t, buildRequesterIndex(t), change));
        expect(new Set(endpointsTouched(after, buildRequesterIndex(t), change))).toEqual(touched);
        const changed = [...t.endpoints.keys()].filter((id) => sectionText(t, id) !== sectionText(after, id));
        for (const id of changed) expect(touched, `${change.kind} changed ${id}`).toContain(id);
        const k = kinds.get(change.kind) ?? { edits: 0, changed: 0, touched: 0 };
        kinds.set(change.kind, { edits: k.edits + 1, changed: k.changed + changed.length, touched: k.touched + touched.size });
      }),
      { numRuns: 1_500 },
    );
    // Every kind of edit was tried, and changed some sections.
    expect([...kinds.keys()].sort()).toEqual(
      ['connector', 'dns_group', 'dns_groups', 'endpoint', 'policies', 'policy', 'profile', 'relay', 'rollout', 'security_group', 'server', 'settings'].sort(),
    );
    for (const [kind, k] of kinds) expect(k.changed, kind).toBeGreaterThan(0);
  });

  it('the index refreshed for the touched endpoints is the index of the tenant as it is', () => {
    fc.assert(
      fc.property(tenantAndEdit, ({ t, change, after }) => {
        const index = buildRequesterIndex(t);
        const touched = endpointsTouched(t, index, change);
        // Only edits of security groups, profiles and endpoints move anyone in the index.
        if (!changeMovesRequesters(change)) expect(index).toEqual(buildRequesterIndex(after));
        refreshRequesterIndex(index, after, touched);
        expect(index).toEqual(buildRequesterIndex(after));
      }),
      { numRuns: 500 },
    );
  });
});

describe('endpointsTouched: only the endpoints an edit is about', () => {
  const [SALES, SUPPORT] = GROUPS as [string, string];
  const [alice, bob, carol] = USERS as [string, string, string];
  const endpoint = (n: number, user: string | null, groups: string[]): ZtnaEndpoint => ({
    id: uuid(0xe00 + n),
    user,
    groups,
    posture: { os: 'macos', os_version: '14.2', client_version: '2.1.10', country: 'DE', disk_encrypted: true, firewall_on: true, approved: true },
  });
  const endpoints = [endpoint(0, alice, [SALES]), endpoint(1, alice, [SALES]), endpoint(2, bob, [SUPPORT]), endpoint(3, carol, []), endpoint(4, null, [])];
  const ids = (...n: number[]) => n.map((i) => uuid(0xe00 + i)).sort();
  const body = (sources: Partial<ZtnaPolicy['sources']>): Omit<ZtnaPolicy, 'id' | 'order' | 'name'> => ({
    description: '',
    enabled: true,
    action: 'allow',
    sources: { everyone: false, users: [], groups: [], security_groups: [], ...sources },
    destinations: { servers: [SERVER_IDS[0]!], sites: [], ports: [] },
    schedule: null,
    posture: { os: [], min_client_version: null, countries: [], disk_encryption: false, firewall: false, approved: false },
  });
  const forSales = numbered(body({ groups: [SALES] }), 0);
  const forBob = numbered(body({ users: [bob] }), 1);
  const forEveryone = numbered(body({ everyone: true }), 2);
  const forCarol = numbered(body({ users: [carol] }), 3);
  const t: TenantZtna = {
    profiles: [],
    servers: [],
    connectors: [],
    dnsGroups: [],
    securityGroups: [],
    relays: [],
    settings: {
      iao: { enabled: true, identity_providers: ['password'], reauth_hours: 24, idle_timeout_minutes: 60 },
      overlay_access: { peer_to_peer: false, allowed_pairs: [] },
    },
    policies: [forSales, forBob, forEveryone, forCarol],
    rollouts: [],
    nac: [],
    endpoints: new Map(endpoints.map((e) => [e.id, e])),
  };
  const touched = (change: ZtnaChange) => endpointsTouched(t, buildRequesterIndex(t), change).sort();

  it("a policy for a team touches that team's endpoints; moved to another team, both teams'", () => {
    expect(touched({ kind: 'policy', before: forSales, after: { ...forSales, name: 'Sales (renamed)' } })).toEqual(ids(0, 1));
    expect(touched({ kind: 'policy', before: forSales, after: { ...forSales, sources: { ...forSales.sources, groups: [SUPPORT] } } })).toEqual(ids(0, 1, 2));
  });

  it('a policy for everyone touches every endpoint; an unchanged one none', () => {
    expect(touched({ kind: 'policy', before: forEveryone, after: { ...forEveryone, enabled: false } })).toEqual(ids(0, 1, 2, 3, 4));
    expect(touched({ kind: 'policy', before: forBob, after: structuredClone(forBob) })).toEqual([]);
  });

  it('a reorder touches the endpoints of the policies that moved', () => {
    // Carol's policy dragged to the top: the others keep their order among themselves.
    const dragged = [forCarol, forSales, forBob, forEveryone];
    expect(touched({ kind: 'policies', before: t.policies, after: dragged })).toEqual(ids(3));
    expect(changedInOrder(t.policies, dragged).map((p) => p.id)).toEqual([forCarol.id, forCarol.id]);
    // Renumbered as the list is stored, every policy whose place number changed is in the sections anew.
    expect(touched({ kind: 'policies', before: t.policies, after: dragged.map((p, i) => ({ ...p, order: i + 1 })) })).toEqual(ids(0, 1, 2, 3, 4));
    // The list reversed: all but one moved.
    expect(changedInOrder(t.policies, [...t.policies].reverse())).toHaveLength(6);
    expect(touched({ kind: 'policies', before: t.policies, after: [...t.policies] })).toEqual([]);
  });
});

describe('ztnaViewKey', () => {
  it('is shared by two endpoints exactly when their sections are the same but for identity', () => {
    fc.assert(
      fc.property(tenantArb, (t) => {
        const views = [...t.endpoints.values()].map((e) => {
          const { identity: _identity, ...rest } = ztnaSectionsFor(t, { id: e.id, kind: 'endpoint' }).ztna!;
          return { key: ztnaViewKey(t, e), body: JSON.stringify(rest) };
        });
        for (const a of views) for (const b of views) expect(a.key === b.key).toBe(a.body === b.body);
      }),
      { numRuns: 300 },
    );
  });

  it('groups endpoints with the same teams and no policies of their own', () => {
    const many: TenantZtna = {
      profiles: [],
      servers: [],
      connectors: [],
      dnsGroups: [],
      securityGroups: [],
      relays: [],
      settings: {
        iao: { enabled: true, identity_providers: ['password'], reauth_hours: 24, idle_timeout_minutes: 60 },
        overlay_access: { peer_to_peer: false, allowed_pairs: [] },
      },
      policies: [],
      rollouts: [],
      nac: [],
      endpoints: new Map(),
    };
    const a: ZtnaEndpoint = {
      id: uuid(0xe01),
      user: 'a@corp.example',
      groups: [GROUPS[0]!],
      posture: { os: null, os_version: null, client_version: null, country: null, disk_encrypted: null, firewall_on: null, approved: null },
    };
    const b: ZtnaEndpoint = { ...a, id: uuid(0xe02), user: 'b@corp.example' };
    expect(ztnaViewKey(many, a)).toBe(ztnaViewKey(many, b));
  });
});
