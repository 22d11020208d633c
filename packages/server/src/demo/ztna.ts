import {
  dnsGroupInputSchema,
  relayInputSchema,
  rolloutInputSchema,
  securityGroupInputSchema,
  ztnaPolicyInputSchema,
  ztnaServerInputSchema,
  type EndpointOs,
  type SecurityGroupInput,
  type ZtnaPolicyInput,
  type ZtnaServerInput,
} from '@netloom/domain';
import type { EndpointSpec } from '@netloom/simulator';
import type { Actor } from '../http/access';
import type { Services } from '../composition/services';

/**
 * The demo organisations' zero-trust access: a site whose app connectors (the first gateways of
 * the demo fleet) publish a handful of private servers, the company's DNS, two relays, security
 * groups, ordered policies with posture, and a staged client update. The demo fleet's first
 * endpoints are the people these name, so the session logs show allowed and denied connections
 * (some denied for posture) within minutes.
 */
export interface DemoZtna {
  /** The owner in whose name it is set up. */
  owner: string;
  site: string;
  /** How many of the tenant's demo gateways are the site's app connectors. */
  appConnectors: number;
  /** The people on the first endpoints, with their systems and posture. */
  people: (EndpointSpec & { user: string; engineer?: boolean; contractor?: boolean })[];
  /** At the site; `key` names them in the policies. */
  servers: (Omit<ZtnaServerInput, 'site'> & { key: string })[];
  relays: { name: string; region: 'eu-central' | 'india' | 'us-east' | 'singapore'; address: string }[];
  /** Policies in order; destinations name servers by key, sources the groups below by name. */
  policies: (Omit<ZtnaPolicyInput, 'destinations' | 'sources'> & { servers: string[]; sources: { everyone?: boolean; securityGroups?: string[] } })[];
  rollout: { os: EndpointOs; version: string; percentage: number };
}

const corpServers = (domain: string): DemoZtna['servers'] => [
  { key: 'git', name: 'Git', description: 'Source code (ssh and https)', address: `git.${domain}`, ports: [{ protocol: 'tcp', ports: ['22', '443'] }] },
  { key: 'wiki', name: 'Wiki', description: 'Company handbook', address: `wiki.${domain}`, ports: [{ protocol: 'tcp', ports: ['443'] }] },
  {
    key: 'jump',
    name: 'Jump host',
    description: 'Remote desktop into the office',
    address: '10.10.20.15',
    private_name: `jump.${domain}`,
    ports: [{ protocol: 'tcp', ports: ['3389'] }],
  },
  {
    key: 'db',
    name: 'Customer databases',
    description: 'PostgreSQL subnet',
    address: '10.10.30.0/24',
    ports: [{ protocol: 'tcp', ports: ['5432'] }],
  },
];

const corpPolicies: DemoZtna['policies'] = [
  { name: 'No databases for contractors', action: 'deny', sources: { securityGroups: ['Contractors'] }, servers: ['db'] },
  {
    name: 'Engineering to git',
    action: 'allow',
    sources: { securityGroups: ['Engineering'] },
    servers: ['git'],
    posture: { firewall: true, disk_encryption: true },
  },
  { name: 'Engineering to the databases', action: 'allow', sources: { securityGroups: ['Engineering'] }, servers: ['db'], posture: { disk_encryption: true } },
  {
    name: 'Windows laptops to the jump host',
    action: 'allow',
    sources: { securityGroups: ['Windows laptops'] },
    servers: ['jump'],
    posture: { os: [{ os: 'windows', min_version: '10.0.19045' }] },
  },
  { name: 'Everyone to the wiki', action: 'allow', sources: { everyone: true }, servers: ['wiki'] },
];

export const DEMO_ZTNA: Record<string, DemoZtna> = {
  Acme: {
    owner: 'owner@acme.test',
    site: 'HQ',
    appConnectors: 2,
    people: [
      { user: 'ravi.kumar@acme.test', os: 'windows', posture: 'pass', engineer: true },
      { user: 'mei.chen@acme.test', os: 'macos', posture: 'pass', engineer: true },
      { user: 'liam.smith@acme.test', os: 'windows', posture: ['firewall-off'], engineer: true },
      { user: 'sofia.rossi@acme.test', os: 'linux', posture: 'pass', engineer: true, contractor: true },
      { user: 'kenji.tanaka@acme.test', os: 'windows', posture: ['old-client', 'disk-unencrypted'] },
    ],
    servers: corpServers('corp.internal'),
    relays: [
      { name: 'Frankfurt relay', region: 'eu-central', address: 'relay-fra.acme.example' },
      { name: 'Mumbai relay', region: 'india', address: 'relay-bom.acme.example' },
    ],
    policies: corpPolicies,
    rollout: { os: 'windows', version: '2.1.12', percentage: 50 },
  },
  Globex: {
    owner: 'owner@globex.test',
    site: 'Main office',
    appConnectors: 1,
    people: [
      { user: 'aisha.haddad@globex.test', os: 'windows', posture: 'pass', engineer: true },
      { user: 'jonas.muller@globex.test', os: 'macos', posture: ['disk-unencrypted'], engineer: true },
      { user: 'zara.okafor@globex.test', os: 'windows', posture: 'pass', contractor: true },
    ],
    servers: corpServers('globex.internal'),
    relays: [
      { name: 'Virginia relay', region: 'us-east', address: 'relay-iad.globex.example' },
      { name: 'Singapore relay', region: 'singapore', address: 'relay-sin.globex.example' },
    ],
    policies: corpPolicies,
    rollout: { os: 'windows', version: '2.1.12', percentage: 50 },
  },
};

/** Who seeds: the organisation's owner, as if they had set it up in the console. */
export interface DemoOwner {
  tenantId: string;
  tenantName: string;
  userId: string;
  email: string;
}

export const seedActor = (o: DemoOwner): Actor => ({
  scope: { tenantId: o.tenantId, tenantName: o.tenantName, role: 'owner', isSuperAdmin: false },
  userId: o.userId,
  email: o.email,
  ip: '127.0.0.1',
});

/** Seeds one organisation's zero-trust objects through the zero-trust services (the connectors come when the gateways enrol). */
export async function seedDemoZtna(services: Services, owner: DemoOwner, demo: DemoZtna): Promise<void> {
  const actor = seedActor(owner);
  const domain = demo.servers[0]!.address.slice(demo.servers[0]!.address.indexOf('.') + 1);
  const serverIds = new Map<string, string>();
  for (const { key, ...server } of demo.servers)
    serverIds.set(key, (await services.ztnaResources.createServer(actor, ztnaServerInputSchema.parse({ ...server, site: demo.site }))).id);
  for (const relay of demo.relays) await services.ztnaResources.createRelay(actor, relayInputSchema.parse(relay));
  await services.ztnaOverlay.createDnsGroup(
    actor,
    dnsGroupInputSchema.parse({ name: 'Company DNS', nameservers: ['10.10.0.53', '10.10.0.54'], match_domains: [domain], search_domains: [domain] }),
  );
  const groups: SecurityGroupInput[] = [
    { name: 'Engineering', kind: 'users', users: demo.people.filter((p) => p.engineer).map((p) => p.user) },
    { name: 'Contractors', kind: 'users', users: demo.people.filter((p) => p.contractor).map((p) => p.user) },
    { name: 'Windows laptops', description: 'Every endpoint running Windows', kind: 'endpoints', rule: { os: ['windows'] } },
  ];
  const groupIds = new Map<string, string>();
  for (const g of groups) groupIds.set(g.name, (await services.ztnaOverlay.createSecurityGroup(actor, securityGroupInputSchema.parse(g))).id);
  for (const { servers, sources, ...policy } of demo.policies) {
    const input = {
      ...policy,
      sources: { everyone: sources.everyone ?? false, security_groups: (sources.securityGroups ?? []).map((n) => groupIds.get(n)!) },
      destinations: { servers: servers.map((k) => serverIds.get(k)!) },
    };
    await services.ztnaPolicies.create(actor, ztnaPolicyInputSchema.parse(input));
  }
  await services.clientUpdates.create(actor, rolloutInputSchema.parse(demo.rollout));
}
