/**
 * The tenant bench:ztna measures: a large organisation's zero-trust settings as the server loads
 * them (`TenantZtna`), built from a seed so that every run decides and recomputes the same things.
 *
 * Users are in one to three of the teams; most have one endpoint, some two. Policies are drawn
 * like an administrator's list: a few for everyone at the top, then mostly for teams, some for
 * named users or security groups; mostly allow with some deny exceptions, a third of the allows
 * with posture conditions, a few scheduled or disabled; destinations are a handful of servers, a
 * whole site, or both, sometimes narrowed to ports. Security groups hold static users, static
 * endpoints, or everyone matching a rule (an OS, a country). Every entity passes its schema.
 */
import {
  CLIENT_RELEASES,
  DEFAULT_ZTNA_SETTINGS,
  dnsGroupSchema,
  endpointProfileSchema,
  relaySchema,
  securityGroupSchema,
  ztnaPolicySchema,
  ztnaServerSchema,
  type EndpointOs,
  type Posture,
  type TenantZtna,
  type ZtnaEndpoint,
} from '@netloom/domain';
import { chance, mulberry32, pick, randomInt, type Random } from '../../packages/simulator/src/prng';

export interface TenantShape {
  endpoints: number;
  users: number;
  groups: number;
  servers: number;
  sites: number;
  policies: number;
  securityGroups: number;
  profiles: number;
  dnsGroups: number;
}

export const FULL_SHAPE: TenantShape = {
  endpoints: 5_000,
  users: 4_000,
  groups: 500,
  servers: 1_000,
  sites: 20,
  policies: 300,
  securityGroups: 50,
  profiles: 20,
  dnsGroups: 10,
};

/** A v4-shaped id from a number, so that the tenant is the same on every run. */
export const benchUuid = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export interface BenchZtnaTenant {
  tenant: TenantZtna;
  users: string[];
  groups: string[];
  sites: string[];
  /** The endpoints of each team's users. */
  endpointsOfGroup: Map<string, string[]>;
}

const sample = <T>(random: Random, items: readonly T[], count: number): T[] => {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(pick(random, items));
  return [...chosen];
};

/** Picks by weight: [[value, weight], …]. */
function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of choices) if ((r -= w) < 0) return value;
  return choices[choices.length - 1]![0];
}

const OSES: (readonly [EndpointOs, number])[] = [
  ['windows', 50],
  ['macos', 30],
  ['linux', 10],
  ['ios', 5],
  ['android', 5],
];
const COUNTRIES: (readonly [string, number])[] = [
  ['US', 35],
  ['DE', 20],
  ['GB', 12],
  ['IN', 12],
  ['FR', 8],
  ['SG', 5],
  ['BR', 4],
  ['JP', 4],
];
const OS_VERSIONS: Record<EndpointOs, string[]> = {
  windows: ['10.0.19045', '10.0.22631', '10.0.26100'],
  macos: ['13.6', '14.2', '14.7', '15.1'],
  linux: ['5.15', '6.5', '6.8'],
  ios: ['17.4', '18.1'],
  android: ['13', '14', '15'],
};
const CLIENT_VERSIONS = ['2.1.7', '2.1.8', '2.1.9', '2.1.10', '2.1.11', '2.1.12'];
const PORTS = [
  { protocol: 'tcp', ports: ['443'] },
  { protocol: 'tcp', ports: ['22', '443'] },
  { protocol: 'tcp', ports: ['8000:8100'] },
  { protocol: 'tcp', ports: ['3389'] },
  { protocol: 'udp', ports: ['53'] },
  { protocol: 'any', ports: [] },
] as const;
const POSTURES = [
  { firewall: true },
  { disk_encryption: true, firewall: true },
  { os: [{ os: 'windows', min_version: '10.0.22000' }, { os: 'macos', min_version: '14.0' }, { os: 'linux' }] },
  { min_client_version: '2.1.9' },
  { countries: ['US', 'DE', 'GB', 'FR'] },
  { approved: true, disk_encryption: true },
];
const SCHEDULE = { time_zone: 'Europe/Berlin', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '20:00' }] };

/** A posture as an endpoint reports it: mostly healthy, a few without a value or failing (old versions, firewall off). */
function postureOf(random: Random): Posture {
  const os = weighted(random, OSES);
  const unknown = (p: number) => chance(random, p);
  return {
    os,
    os_version: unknown(0.03) ? null : pick(random, OS_VERSIONS[os]),
    client_version: unknown(0.03) ? null : pick(random, CLIENT_VERSIONS),
    country: unknown(0.02) ? null : weighted(random, COUNTRIES),
    disk_encrypted: unknown(0.05) ? null : chance(random, 0.9),
    firewall_on: unknown(0.05) ? null : chance(random, 0.85),
    approved: chance(random, 0.95),
  };
}

export function buildZtnaTenant(shape: TenantShape, seed = 22): BenchZtnaTenant {
  const random = mulberry32(seed);
  const groups = Array.from({ length: shape.groups }, (_, i) => benchUuid(0x6b, i));
  const users = Array.from({ length: shape.users }, (_, i) => `user${i}@corp.example`);
  const sites = Array.from({ length: shape.sites }, (_, i) => `site-${i + 1}`);
  const teamsOf = new Map(users.map((u) => [u, sample(random, groups, randomInt(random, 1, 3))]));

  // Every user one endpoint, the rest a second one of some users; a few endpoints nobody is signed in on.
  const endpoints: ZtnaEndpoint[] = Array.from({ length: shape.endpoints }, (_, i) => {
    const user = i < users.length ? users[i]! : chance(random, 0.9) ? pick(random, users) : null;
    return { id: benchUuid(0xe1, i), user, groups: user ? teamsOf.get(user)! : [], posture: postureOf(random) };
  });
  const endpointsOfGroup = new Map<string, string[]>();
  for (const e of endpoints) for (const g of e.groups) (endpointsOfGroup.get(g) ?? endpointsOfGroup.set(g, []).get(g)!).push(e.id);

  const servers = Array.from({ length: shape.servers }, (_, i) => {
    const kind = random();
    const address =
      kind < 0.6
        ? `app${i}.${pick(random, sites)}.corp.example`
        : kind < 0.8
          ? `10.${i >> 8}.${i & 255}.10`
          : kind < 0.9
            ? `10.200.${i % 256}.0/24`
            : `*.svc${i}.corp.example`;
    return ztnaServerSchema.parse({
      id: benchUuid(0x5e, i),
      name: `Server ${i + 1}`,
      address,
      private_name: kind >= 0.6 && kind < 0.9 && chance(random, 0.5) ? `srv${i}.internal.example` : null,
      ports: sample(random, PORTS, randomInt(random, 1, 2)),
      site: pick(random, sites),
      enabled: !chance(random, 0.03),
      dpc: { download: true, upload: true, copy: true, managed_only: chance(random, 0.05) },
    });
  });
  const serverIds = servers.map((s) => s.id);

  const endpointIds = endpoints.map((e) => e.id);
  const securityGroups = Array.from({ length: shape.securityGroups }, (_, i) => {
    const id = benchUuid(0x56, i);
    const name = `Security group ${i + 1}`;
    if (i % 5 < 2) return securityGroupSchema.parse({ id, name, kind: 'users', users: sample(random, users, randomInt(random, 10, 100)) });
    if (i % 5 === 2) return securityGroupSchema.parse({ id, name, kind: 'endpoints', endpoints: sample(random, endpointIds, randomInt(random, 10, 50)) });
    const rule = chance(random, 0.5)
      ? { os: [weighted(random, OSES)], countries: [] }
      : {
          os: chance(random, 0.5) ? [weighted(random, OSES)] : [],
          countries: sample(
            random,
            COUNTRIES.map(([c]) => c),
            randomInt(random, 1, 2),
          ),
        };
    return securityGroupSchema.parse({ id, name, kind: 'both', rule });
  });
  const securityGroupIds = securityGroups.map((g) => g.id);

  const policies = Array.from({ length: shape.policies }, (_, i) => {
    const who = random();
    const sources =
      i < 3 || who < 0.03
        ? { everyone: true }
        : who < 0.5
          ? { groups: sample(random, groups, randomInt(random, 1, 3)) }
          : who < 0.7
            ? { users: sample(random, users, randomInt(random, 1, 20)) }
            : who < 0.95
              ? { security_groups: sample(random, securityGroupIds, randomInt(random, 1, 2)) }
              : { groups: sample(random, groups, 1), security_groups: sample(random, securityGroupIds, 1) };
    const what = random();
    const destinations = {
      servers: what < 0.9 ? sample(random, serverIds, randomInt(random, 1, 10)) : [],
      sites: what >= 0.6 ? [pick(random, sites)] : [],
      ports: chance(random, 0.2) ? [pick(random, PORTS)] : [],
    };
    const action = i < 3 ? 'deny' : chance(random, 0.8) ? 'allow' : 'deny';
    return ztnaPolicySchema.parse({
      id: benchUuid(0x90, i),
      order: i + 1,
      name: `Policy ${i + 1}`,
      enabled: !chance(random, 0.05),
      action,
      sources,
      // The three at the top deny everyone a few servers (a quarantine list).
      destinations: i < 3 ? { servers: sample(random, serverIds, 3) } : destinations,
      schedule: chance(random, 0.05) ? SCHEDULE : null,
      posture: action === 'allow' && chance(random, 0.33) ? pick(random, POSTURES) : {},
    });
  });

  const relays = ['eu-central', 'us-east', 'uk', 'india', 'singapore', 'us-west'].map((region, i) =>
    relaySchema.parse({ id: benchUuid(0x7e, i), name: `Relay ${region}`, region, address: `${region}.relay.example`, enabled: i < 5 }),
  );
  const profiles = Array.from({ length: shape.profiles }, (_, i) =>
    endpointProfileSchema.parse({
      id: benchUuid(0x9f, i),
      is_default: i === 0,
      name: i === 0 ? 'mza' : `Profile ${i}`,
      kind: i % 7 === 3 ? 'dev_app' : 'classic',
      relays: i % 3 === 1 ? [relays[i % relays.length]!.id] : [],
      dns: { use_tenant_dns: i % 9 !== 5, nameservers: i % 9 === 5 ? ['10.99.0.53'] : [] },
      split_tunnel: { mode: 'include', routes: ['10.0.0.0/8'] },
      resources: i % 8 === 4 ? sample(random, serverIds, 50) : [],
      assigned: i === 0 ? {} : i % 4 === 0 ? { endpoints: sample(random, endpointIds, 20) } : { groups: sample(random, groups, randomInt(random, 1, 10)) },
    }),
  );
  const dnsGroups = Array.from({ length: shape.dnsGroups }, (_, i) =>
    dnsGroupSchema.parse({
      id: benchUuid(0xd5, i),
      order: i + 1,
      name: `DNS ${i + 1}`,
      nameservers: [`10.${i}.0.53`],
      match_domains: i === 0 ? [] : [`${sites[i % sites.length]}.corp.example`],
      groups: i < 3 ? [] : sample(random, groups, randomInt(random, 1, 20)),
      security_groups: i >= 7 ? sample(random, securityGroupIds, 1) : [],
    }),
  );
  const release = (os: EndpointOs) => CLIENT_RELEASES.find((r) => r.os === os)!;
  const rollouts = [
    { id: benchUuid(0x70, 0), os: 'macos' as const, version: release('macos').version, securityGroup: null, percentage: 50 },
    { id: benchUuid(0x70, 1), os: 'windows' as const, version: release('windows').version, securityGroup: securityGroupIds[3]!, percentage: 100 },
    { id: benchUuid(0x70, 2), os: 'windows' as const, version: release('windows').version, securityGroup: null, percentage: 20 },
  ];

  const tenant: TenantZtna = {
    profiles,
    servers,
    connectors: sites.flatMap((site, i) => [
      { deviceId: benchUuid(0xa0, 2 * i), site },
      { deviceId: benchUuid(0xa0, 2 * i + 1), site },
    ]),
    dnsGroups,
    securityGroups,
    relays,
    settings: DEFAULT_ZTNA_SETTINGS,
    policies,
    rollouts,
    nac: [],
    endpoints: new Map(endpoints.map((e) => [e.id, e])),
  };
  return { tenant, users, groups, sites, endpointsOfGroup };
}
