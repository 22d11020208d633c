/**
 * Random zero-trust views and requests for the property tests, drawn from a small universe (a few
 * users, teams, security groups, sites and servers) so that sources, destinations and ports
 * collide often and every rule of the decision is reached.
 */
import fc from 'fast-check';
import { NO_POSTURE_CONDITIONS, type EndpointOs, type Posture, type PostureConditions } from './posture';
import { ZTNA_PROTOCOLS, type ServerPort, type ZtnaServer } from './resources';
import type { AccessSources, ZtnaPolicy } from './policy';
import type { AccessRequest, AccessView } from './evaluate';
import type { WebFilterSchedule } from '../webfilter/schedule';
import { NOON, uuid } from './test-fixtures';
import { CLIENT_RELEASES } from './client-updates';
import type { DnsGroup } from './dns';
import { DEFAULT_ZTNA_SETTINGS, type Relay } from './overlay';
import { PROFILE_KINDS, type EndpointProfile } from './profile';
import type { TenantZtna, ZtnaEndpoint, ZtnaRollout } from './section';
import { SECURITY_GROUP_KINDS, type SecurityGroup } from './security-groups';

export const USERS = ['alice@corp.example', 'bob@corp.example', 'carol@corp.example'];
export const GROUPS = [uuid(0x6a1), uuid(0x6a2), uuid(0x6a3)];
export const SECURITY_GROUPS = [uuid(0x5601), uuid(0x5602), uuid(0x5603)];
const SITES = ['hq', 'branch', 'cloud'];
export const SERVER_IDS = [uuid(0x5001), uuid(0x5002), uuid(0x5003), uuid(0x5004), uuid(0x5005)];
const OSES: EndpointOs[] = ['windows', 'macos', 'linux'];
const COUNTRIES = ['DE', 'US', 'FR'];

/** Weekdays 08:00–18:00 UTC, and every night 22:00–06:00 UTC. */
export const OFFICE_HOURS: WebFilterSchedule = { time_zone: 'UTC', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '08:00', end: '18:00' }] };
export const NIGHTS: WebFilterSchedule = {
  time_zone: 'UTC',
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' }],
};
/** Inside office hours; inside the night window; inside neither (Saturday noon). */
export const MOMENTS = [NOON, new Date('2024-03-04T23:30:00Z'), new Date('2024-03-09T12:00:00Z')];

const portList: fc.Arbitrary<ServerPort[]> = fc.array(
  fc.record({ protocol: fc.constantFrom(...ZTNA_PROTOCOLS), ports: fc.subarray(['22', '443', '8000:8100', '53']) }),
  { minLength: 1, maxLength: 3 },
);

export const serverArb = (id: string): fc.Arbitrary<ZtnaServer> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`Server ${id.slice(-2)}`),
    description: fc.constant(''),
    address: fc.constantFrom('10.0.0.5', '10.1.0.0/16', `app${id.slice(-2)}.corp.example`, '*.apps.corp.example'),
    private_name: fc.constantFrom(null, `s${id.slice(-2)}.internal.example`),
    ports: portList,
    site: fc.constantFrom(...SITES),
    enabled: fc.constantFrom(true, true, true, false),
    dpc: fc.record({ download: fc.boolean(), upload: fc.boolean(), copy: fc.boolean(), managed_only: fc.constantFrom(false, false, true) }),
  });

export const serversArb: fc.Arbitrary<ZtnaServer[]> = fc.tuple(...SERVER_IDS.map(serverArb));

export const sourcesArb: fc.Arbitrary<AccessSources> = fc.oneof(
  fc.constant<AccessSources>({ everyone: true, users: [], groups: [], security_groups: [] }),
  fc
    .record({ everyone: fc.constant(false), users: fc.subarray(USERS), groups: fc.subarray(GROUPS), security_groups: fc.subarray(SECURITY_GROUPS) })
    .filter((s) => s.users.length + s.groups.length + s.security_groups.length > 0),
);

export const POSTURE_CHOICES: PostureConditions[] = [
  NO_POSTURE_CONDITIONS,
  { ...NO_POSTURE_CONDITIONS, firewall: true },
  { ...NO_POSTURE_CONDITIONS, disk_encryption: true, approved: true },
  {
    ...NO_POSTURE_CONDITIONS,
    os: [
      { os: 'macos', min_version: '14.0' },
      { os: 'windows', min_version: null },
    ],
  },
  { ...NO_POSTURE_CONDITIONS, countries: ['DE', 'FR'] },
  { ...NO_POSTURE_CONDITIONS, min_client_version: '2.1.10' },
];

type PolicyBody = Omit<ZtnaPolicy, 'id' | 'order' | 'name'>;
export const policyBodyArb: fc.Arbitrary<PolicyBody> = fc.record({
  description: fc.constant(''),
  enabled: fc.constantFrom(true, true, true, false),
  action: fc.constantFrom('allow' as const, 'allow' as const, 'deny' as const),
  sources: sourcesArb,
  destinations: fc
    .record({
      servers: fc.subarray(SERVER_IDS),
      sites: fc.subarray(SITES, { maxLength: 1 }),
      ports: fc.oneof(fc.constant<ServerPort[]>([]), fc.constant<ServerPort[]>([]), portList),
    })
    .filter((d) => d.servers.length + d.sites.length > 0),
  schedule: fc.constantFrom(null, null, null, OFFICE_HOURS, NIGHTS),
  posture: fc.constantFrom(...POSTURE_CHOICES),
});

/** A stored policy numbered n (id, order and name from n). */
export const numbered = (body: PolicyBody, n: number): ZtnaPolicy => ({ id: uuid(0x9000 + n), order: n + 1, name: `P${n}`, ...body });

export const policiesArb = (maxLength = 8): fc.Arbitrary<ZtnaPolicy[]> => fc.array(policyBodyArb, { maxLength }).map((bodies) => bodies.map(numbered));

export const viewArb: fc.Arbitrary<AccessView> = fc.record({ servers: serversArb, policies: policiesArb() });

export const postureArb: fc.Arbitrary<Posture> = fc.record({
  os: fc.constantFrom(null, ...OSES),
  os_version: fc.constantFrom(null, '13.6', '14.2'),
  client_version: fc.constantFrom(null, '2.1.9', '2.1.10'),
  country: fc.constantFrom(null, ...COUNTRIES),
  disk_encrypted: fc.constantFrom(null, true, false),
  firewall_on: fc.constantFrom(null, true, false),
  approved: fc.constantFrom(null, true, false),
});

export const requestArb: fc.Arbitrary<AccessRequest> = fc.record({
  user: fc.constantFrom(null, ...USERS),
  endpointId: fc.constantFrom(null, uuid(0xe1)),
  groups: fc.subarray(GROUPS),
  securityGroups: fc.subarray(SECURITY_GROUPS),
  posture: postureArb,
  serverId: fc.constantFrom(...SERVER_IDS, uuid(0x5999)),
  protocol: fc.constantFrom(...ZTNA_PROTOCOLS),
  port: fc.constantFrom(null, 22, 443, 8050, 53, 9999),
  at: fc.constantFrom(...MOMENTS),
});

// ── Tenants (device sections and what an edit touches) ──────────────────────────────────────

export const ENDPOINT_IDS = Array.from({ length: 10 }, (_, i) => uuid(0xe00 + i));
export const RELAY_IDS = [uuid(0x7e1), uuid(0x7e2)];
export const GATEWAY_IDS = [uuid(0xa1), uuid(0xa2), uuid(0xa3)];

export const endpointArb = (id: string): fc.Arbitrary<ZtnaEndpoint> =>
  fc.record({ id: fc.constant(id), user: fc.constantFrom(null, ...USERS), groups: fc.subarray(GROUPS), posture: postureArb });

export const securityGroupArb = (id: string): fc.Arbitrary<SecurityGroup> =>
  fc.constantFrom(...SECURITY_GROUP_KINDS).chain((kind) =>
    fc.record({
      id: fc.constant(id),
      name: fc.constant(`SG ${id.slice(-2)}`),
      description: fc.constant(''),
      kind: fc.constant(kind),
      users: kind === 'endpoints' ? fc.constant([]) : fc.subarray(USERS, { maxLength: 2 }),
      endpoints: kind === 'users' ? fc.constant([]) : fc.subarray(ENDPOINT_IDS, { maxLength: 3 }),
      rule: fc.option(
        fc
          .record({ os: fc.subarray(OSES, { maxLength: 2 }), countries: fc.subarray(COUNTRIES, { maxLength: 2 }) })
          .filter((r) => r.os.length + r.countries.length > 0),
        { nil: null },
      ),
    }),
  );

export const dnsGroupArb = (id: string): fc.Arbitrary<DnsGroup> =>
  fc.record({
    id: fc.constant(id),
    order: fc.constant(1),
    name: fc.constant(`DNS ${id.slice(-2)}`),
    nameservers: fc.constantFrom(['10.0.0.53'], ['10.1.0.53', '10.1.0.54']),
    match_domains: fc.subarray(['corp.example', 'eu.corp.example']),
    search_domains: fc.subarray(['corp.example']),
    groups: fc.subarray(GROUPS, { maxLength: 1 }),
    security_groups: fc.subarray(SECURITY_GROUPS, { maxLength: 1 }),
    enabled: fc.constantFrom(true, true, false),
  });

export const profileArb = (id: string): fc.Arbitrary<EndpointProfile> =>
  fc.record({
    id: fc.constant(id),
    is_default: fc.boolean(),
    name: fc.constantFrom('Alpha', 'mza', 'Zulu'),
    description: fc.constant(''),
    kind: fc.constantFrom(...PROFILE_KINDS),
    relays: fc.subarray(RELAY_IDS),
    dns: fc.record({ use_tenant_dns: fc.constantFrom(true, true, false), nameservers: fc.constantFrom<string[]>([], ['9.9.9.9']) }),
    split_tunnel: fc.constantFrom<EndpointProfile['split_tunnel']>({ mode: 'include', routes: [] }, { mode: 'full', routes: ['10.0.0.0/8'] }),
    resources: fc.oneof(fc.constant<string[]>([]), fc.subarray(SERVER_IDS)),
    auto_connect: fc.boolean(),
    assigned: fc.record({ endpoints: fc.subarray(ENDPOINT_IDS, { maxLength: 2 }), groups: fc.subarray(GROUPS, { maxLength: 1 }) }),
  });

export const relayArb = (id: string): fc.Arbitrary<Relay> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`Relay ${id.slice(-2)}`),
    region: fc.constantFrom('eu-central' as const, 'us-east' as const),
    address: fc.constant(`r${id.slice(-2)}.relay.example`),
    port: fc.constant(51820),
    enabled: fc.constantFrom(true, true, false),
  });

const RELEASES = CLIENT_RELEASES.filter((r) => (OSES as string[]).includes(r.os));
export const rolloutArb = (id: string): fc.Arbitrary<ZtnaRollout> =>
  fc
    .record({
      id: fc.constant(id),
      release: fc.constantFrom(...RELEASES),
      securityGroup: fc.constantFrom(null, null, ...SECURITY_GROUPS),
      percentage: fc.constantFrom(1, 50, 100),
    })
    .map(({ release, ...r }) => ({ ...r, os: release.os, version: release.version }));

export const connectorArb = (deviceId: string) => fc.record({ deviceId: fc.constant(deviceId), site: fc.constantFrom(...SITES) });

/** Some of the ids, each made by `arb`, in the ids' order. */
export const someOf = <T>(ids: readonly string[], arb: (id: string) => fc.Arbitrary<T>, maxLength = ids.length): fc.Arbitrary<T[]> =>
  fc.subarray([...ids], { maxLength }).chain((chosen) => (chosen.length === 0 ? fc.constant([]) : fc.tuple(...chosen.map(arb))));

export const DNS_IDS = [uuid(0xd51), uuid(0xd52), uuid(0xd53)];
export const PROFILE_IDS = [uuid(0x9f01), uuid(0x9f02), uuid(0x9f03)];
export const ROLLOUT_IDS = [uuid(0x7001), uuid(0x7002)];

export const tenantArb: fc.Arbitrary<TenantZtna> = fc
  .record({
    servers: serversArb,
    policies: policiesArb(8),
    securityGroups: someOf(SECURITY_GROUPS, securityGroupArb),
    dnsGroups: someOf(DNS_IDS, dnsGroupArb),
    profiles: someOf(PROFILE_IDS, profileArb),
    relays: someOf(RELAY_IDS, relayArb),
    connectors: someOf(GATEWAY_IDS, connectorArb),
    rollouts: someOf(ROLLOUT_IDS, rolloutArb),
    endpoints: someOf(ENDPOINT_IDS, endpointArb).filter((e) => e.length > 0),
    peerToPeer: fc.boolean(),
  })
  .map(({ endpoints, peerToPeer, dnsGroups, ...t }) => ({
    ...t,
    dnsGroups: dnsGroups.map((g, i) => ({ ...g, order: i + 1 })),
    settings: { ...DEFAULT_ZTNA_SETTINGS, overlay_access: { peer_to_peer: peerToPeer, allowed_pairs: [] } },
    nac: [],
    endpoints: new Map(endpoints.map((e) => [e.id, e])),
  }));
