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

export const USERS = ['alice@corp.example', 'bob@corp.example', 'carol@corp.example'];
export const GROUPS = [uuid(0x6a1), uuid(0x6a2), uuid(0x6a3)];
export const SECURITY_GROUPS = [uuid(0x5601), uuid(0x5602), uuid(0x5603)];
export const SITES = ['hq', 'branch', 'cloud'];
export const SERVER_IDS = [uuid(0x5001), uuid(0x5002), uuid(0x5003), uuid(0x5004), uuid(0x5005)];
export const OSES: EndpointOs[] = ['windows', 'macos', 'linux'];
export const COUNTRIES = ['DE', 'US', 'FR'];

/** Weekdays 08:00–18:00 UTC, and every night 22:00–06:00 UTC. */
export const OFFICE_HOURS: WebFilterSchedule = { time_zone: 'UTC', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '08:00', end: '18:00' }] };
export const NIGHTS: WebFilterSchedule = {
  time_zone: 'UTC',
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], start: '22:00', end: '06:00' }],
};
/** Inside office hours; inside the night window; inside neither (Saturday noon). */
export const MOMENTS = [NOON, new Date('2024-03-04T23:30:00Z'), new Date('2024-03-09T12:00:00Z')];

export const portList: fc.Arbitrary<ServerPort[]> = fc.array(
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
