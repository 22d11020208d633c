import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inRollout, releaseOf } from './client-updates';
import { dnsGroupApplies, dnsGroupSchema } from './dns';
import { policyNamesServer, sourcesMatch } from './evaluate';
import { privateNameOf } from './resources';
import { tenantArb } from './test-arbitraries';
import { DEFAULT_ZTNA_SETTINGS, relaySchema } from './overlay';
import { endpointProfileSchema } from './profile';
import { securityGroupSchema, securityGroupsOf } from './security-groups';
import {
  BUILT_IN_PROFILE,
  ztnaConnectorSectionSchema,
  ztnaSectionSchema,
  ztnaSectionsFor,
  ztnaSectionsForEndpoints,
  type TenantZtna,
  type ZtnaEndpoint,
  type ZtnaSection,
} from './section';
import { GOOD_POSTURE, policy, server, uuid } from './test-fixtures';

const SALES = uuid(0x6a1);
const SUPPORT = uuid(0x6a2);
const LAPTOP = uuid(0xe1);
const PHONE = uuid(0xe2);
const KIOSK = uuid(0xe3);
const GW_HQ = uuid(0xa1);
const GW_BRANCH = uuid(0xa2);
const GW_CLOUD = uuid(0xa3);
const GW_PLAIN = uuid(0xa4);

const git = server({ name: 'Git', address: 'git.corp.example', site: 'hq' });
const crm = server({ name: 'CRM', address: '10.0.0.5', private_name: 'crm.internal.example', site: 'branch' });
const wiki = server({ name: 'Wiki', address: '*.wiki.corp.example', site: 'hq' });
const payroll = server({ name: 'Payroll', address: '10.9.0.0/24', private_name: 'payroll.internal.example', site: 'cloud' });

/** Contractors: everyone connecting from the US. */
const contractors = securityGroupSchema.parse({ id: uuid(0x5601), name: 'Contractors', kind: 'both', rule: { os: [], countries: ['US'] } });
const salesToGit = policy({ name: 'Sales to Git', sources: { groups: [SALES] }, destinations: { servers: [git.id] } });
const nobodyToPayroll = policy({ name: 'Nobody to Payroll', action: 'deny', destinations: { servers: [payroll.id] } });
const bobToCrm = policy({ name: 'Bob to CRM', sources: { users: ['bob@corp.example'] }, destinations: { servers: [crm.id] } });
const contractorsToHq = policy({ name: 'Contractors to HQ', sources: { security_groups: [contractors.id] }, destinations: { sites: ['hq'] } });
const salesToPayrollOff = policy({ name: 'Sales to Payroll (off)', enabled: false, sources: { groups: [SALES] }, destinations: { servers: [payroll.id] } });

const corpDns = dnsGroupSchema.parse({ id: uuid(0xd51), order: 1, name: 'Corp', nameservers: ['10.0.0.53'], match_domains: ['corp.example'] });
const supportDns = dnsGroupSchema.parse({ id: uuid(0xd52), order: 2, name: 'Support', nameservers: ['10.2.0.53'], groups: [SUPPORT] });
const offDns = dnsGroupSchema.parse({ id: uuid(0xd53), order: 3, name: 'Off', nameservers: ['10.3.0.53'], enabled: false });
const frankfurt = relaySchema.parse({ id: uuid(0x7e1), name: 'Frankfurt', region: 'eu-central', address: 'fra.relay.example' });
const virginia = relaySchema.parse({ id: uuid(0x7e2), name: 'Virginia', region: 'us-east', address: 'iad.relay.example' });
const retired = relaySchema.parse({ id: uuid(0x7e3), name: 'Retired', region: 'uk', address: 'lon.relay.example', enabled: false });

const endpoint = (id: string, fields: Partial<ZtnaEndpoint>): ZtnaEndpoint => ({ id, user: null, groups: [], posture: GOOD_POSTURE, ...fields });
const tenant = (fields: Partial<TenantZtna> = {}): TenantZtna => ({
  profiles: [],
  servers: [git, crm, wiki, payroll],
  connectors: [
    { deviceId: GW_HQ, site: 'hq' },
    { deviceId: GW_BRANCH, site: 'branch' },
    { deviceId: GW_CLOUD, site: 'cloud' },
  ],
  dnsGroups: [corpDns, supportDns, offDns],
  securityGroups: [contractors],
  relays: [frankfurt, virginia, retired],
  settings: DEFAULT_ZTNA_SETTINGS,
  policies: [salesToGit, nobodyToPayroll, bobToCrm, contractorsToHq, salesToPayrollOff],
  rollouts: [{ id: uuid(0x7001), os: 'macos', version: '2.1.10', securityGroup: null, percentage: 100 }],
  nac: [],
  endpoints: new Map([
    [LAPTOP, endpoint(LAPTOP, { user: 'alice@corp.example', groups: [SALES], posture: { ...GOOD_POSTURE, os: 'macos', country: 'DE' } })],
    [PHONE, endpoint(PHONE, { user: 'bob@corp.example', groups: [SUPPORT], posture: { ...GOOD_POSTURE, os: 'ios', country: 'FR', approved: null } })],
    [KIOSK, endpoint(KIOSK, { posture: { ...GOOD_POSTURE, os: 'linux', country: 'US' } })],
  ]),
  ...fields,
});
const sectionOf = (t: TenantZtna, id: string) => ztnaSectionsFor(t, { id, kind: 'endpoint' }).ztna!;

describe('ztnaSectionsFor: an endpoint', () => {
  it('gets only the policies whose sources match its requester, in order, disabled ones included', () => {
    expect(sectionOf(tenant(), LAPTOP).policies.map((p) => p.name)).toEqual(['Sales to Git', 'Nobody to Payroll', 'Sales to Payroll (off)']);
    expect(sectionOf(tenant(), PHONE).policies.map((p) => p.name)).toEqual(['Nobody to Payroll', 'Bob to CRM']);
    expect(sectionOf(tenant(), KIOSK).policies.map((p) => p.name)).toEqual(['Nobody to Payroll', 'Contractors to HQ']);
  });

  it("numbers its policies within its own list, so a policy that cannot apply to it moving its neighbours' numbers leaves its section alone", () => {
    const before = tenant();
    expect(sectionOf(before, PHONE).policies.map((p) => p.order)).toEqual([1, 2]);
    // A policy for Bob only, placed first: every stored number below it moves.
    const bobFirst = { ...bobToCrm, id: uuid(0x9901), name: 'Bob first' };
    const after = { ...before, policies: [bobFirst, ...before.policies].map((p, i) => ({ ...p, order: i + 1 })) };
    expect(sectionOf(after, LAPTOP)).toEqual(sectionOf(before, LAPTOP));
    expect(sectionOf(after, PHONE).policies.map((p) => [p.name, p.order])).toEqual([
      ['Bob first', 1],
      ['Nobody to Payroll', 2],
      ['Bob to CRM', 3],
    ]);
  });

  it('gets only the servers some enabled allow policy for it names (by id or site), with their private names and connectors', () => {
    const laptop = sectionOf(tenant(), LAPTOP);
    // Payroll: only a deny and a disabled allow name it.
    expect(laptop.servers.map((s) => s.name)).toEqual(['Git']);
    expect(laptop.private_names).toEqual({});
    expect(laptop.connectors).toEqual({ hq: [GW_HQ] });

    const phone = sectionOf(tenant(), PHONE);
    expect(phone.servers.map((s) => s.name)).toEqual(['CRM']);
    expect(phone.private_names).toEqual({ 'crm.internal.example': '10.0.0.5' });
    expect(phone.connectors).toEqual({ branch: [GW_BRANCH] });

    // The kiosk connects from the US: a contractor, given the whole HQ site; a wildcard has no private name.
    const kiosk = sectionOf(tenant(), KIOSK);
    expect(kiosk.servers.map((s) => s.name)).toEqual(['Git', 'Wiki']);
    expect(kiosk.private_names).toEqual({});
    expect(kiosk.connectors).toEqual({ hq: [GW_HQ] });
  });

  it('a site with two connectors lists both; a server behind none lists no connector', () => {
    const t = tenant({
      connectors: [
        { deviceId: GW_HQ, site: 'hq' },
        { deviceId: GW_PLAIN, site: 'hq' },
      ],
    });
    expect(sectionOf(t, KIOSK).connectors).toEqual({ hq: [GW_HQ, GW_PLAIN] });
    expect(sectionOf(t, PHONE).connectors).toEqual({});
  });

  it('says who it is: user, groups, security groups, approval and country', () => {
    expect(sectionOf(tenant(), KIOSK).identity).toEqual({ user: null, groups: [], security_groups: [contractors.id], approved: true, country: 'US' });
    expect(sectionOf(tenant(), PHONE).identity).toEqual({ user: 'bob@corp.example', groups: [SUPPORT], security_groups: [], approved: false, country: 'FR' });
  });

  it("gets the tenant's enabled DNS groups given to it, the enabled relays and the settings", () => {
    expect(sectionOf(tenant(), LAPTOP).dns.map((g) => g.name)).toEqual(['Corp']);
    expect(sectionOf(tenant(), PHONE).dns.map((g) => g.name)).toEqual(['Corp', 'Support']);
    expect(sectionOf(tenant(), LAPTOP).relays.map((r) => r.name)).toEqual(['Frankfurt', 'Virginia']);
    expect(sectionOf(tenant(), LAPTOP).settings).toEqual(DEFAULT_ZTNA_SETTINGS);
  });

  it('without a saved profile gets the built-in mza', () => {
    expect(sectionOf(tenant(), LAPTOP).profile).toEqual(BUILT_IN_PROFILE);
  });

  it('with a profile: its settings, only the servers and relays it offers, and no tenant DNS when it says so', () => {
    const field = endpointProfileSchema.parse({
      id: uuid(0x9f01),
      is_default: false,
      name: 'Field',
      kind: 'dev_app',
      auto_connect: false,
      relays: [virginia.id, retired.id],
      resources: [wiki.id, crm.id],
      dns: { use_tenant_dns: false, nameservers: ['9.9.9.9'] },
      split_tunnel: { mode: 'exclude', routes: ['192.168.0.0/16'] },
      assigned: { endpoints: [KIOSK] },
    });
    const kiosk = sectionOf(tenant({ profiles: [field] }), KIOSK);
    expect(kiosk.profile).toEqual({
      id: field.id,
      name: 'Field',
      kind: 'dev_app',
      auto_connect: false,
      split_tunnel: { mode: 'exclude', routes: ['192.168.0.0/16'] },
      nameservers: ['9.9.9.9'],
    });
    expect(kiosk.servers.map((s) => s.name)).toEqual(['Wiki']);
    expect(kiosk.relays.map((r) => r.name)).toEqual(['Virginia']);
    expect(kiosk.dns).toEqual([]);
    // The others keep the built-in profile.
    expect(sectionOf(tenant({ profiles: [field] }), LAPTOP).profile.id).toBeNull();
  });

  it('gets a client update when a rollout of its system reaches it, else none', () => {
    const mac = releaseOf('macos', '2.1.10')!;
    expect(sectionOf(tenant(), LAPTOP).client_update).toEqual({ version: '2.1.10', url: mac.url });
    expect(sectionOf(tenant(), PHONE).client_update).toBeNull();
    // A rollout for a security group the laptop is not in passes it by; 1 % reaches few.
    const forContractors = [{ id: uuid(0x7002), os: 'macos' as const, version: '2.1.10', securityGroup: contractors.id, percentage: 100 }];
    expect(sectionOf(tenant({ rollouts: forContractors }), LAPTOP).client_update).toBeNull();
    const kioskRollout = [{ id: uuid(0x7003), os: 'linux' as const, version: '2.1.9', securityGroup: contractors.id, percentage: 100 }];
    expect(sectionOf(tenant({ rollouts: kioskRollout }), KIOSK).client_update?.version).toBe('2.1.9');
  });

  it('follows the newest rollout of its system, even when that one has not reached it yet', () => {
    const newest = { id: uuid(0x7004), os: 'macos' as const, version: '2.1.8', securityGroup: null, percentage: 1 };
    const older = { id: uuid(0x7005), os: 'macos' as const, version: '2.1.10', securityGroup: null, percentage: 100 };
    const ids = Array.from({ length: 200 }, (_, i) => uuid(0xe100 + i));
    const many = tenant({ rollouts: [newest, older], endpoints: new Map(ids.map((id) => [id, endpoint(id, { posture: { ...GOOD_POSTURE, os: 'macos' } })])) });
    const versions = ids.map((id) => sectionOf(many, id).client_update?.version ?? null);
    expect(versions).not.toContain('2.1.10');
    expect(versions).toContain(null);
  });

  it("reads the tenant's lists as they are now, even when changed in place between two calls", () => {
    const t = tenant();
    expect(sectionOf(t, PHONE).servers.map((s) => s.name)).toEqual(['CRM']);
    t.policies.push(policy({ sources: { users: ['bob@corp.example'] }, destinations: { servers: [payroll.id] } }));
    expect(sectionOf(t, PHONE).servers.map((s) => s.name)).toEqual(['CRM', 'Payroll']);
    t.servers[1] = { ...crm, site: 'cloud' };
    expect(sectionOf(t, PHONE).connectors).toEqual({ cloud: [GW_CLOUD] });
    t.securityGroups.length = 0;
    expect(sectionOf(t, KIOSK).identity.security_groups).toEqual([]);
    t.connectors.push({ deviceId: GW_PLAIN, site: 'cloud' });
    expect(sectionOf(t, PHONE).connectors).toEqual({ cloud: [GW_CLOUD, GW_PLAIN] });
    // A copy with another list changed reads its own.
    expect(sectionOf({ ...t, policies: [] }, PHONE).servers).toEqual([]);
    expect(sectionOf(t, PHONE).servers).toHaveLength(2);
  });

  it('makes sections the schema takes', () => {
    for (const id of [LAPTOP, PHONE, KIOSK]) expect(ztnaSectionSchema.safeParse(sectionOf(tenant(), id)).success).toBe(true);
  });

  it('an endpoint the tenant does not know gets no section', () => {
    expect(ztnaSectionsFor(tenant(), { id: uuid(0xe9), kind: 'endpoint' })).toEqual({});
  });
});

describe('ztnaSectionsFor: a gateway', () => {
  const hosts = [{ mac: '00:11:22:33:44:55', decision: 'block' as const }];

  it('gets nac when the tenant blocked or quarantined hosts', () => {
    expect(ztnaSectionsFor(tenant({ nac: hosts }), { id: GW_PLAIN, kind: 'gateway' })).toEqual({ nac: { hosts } });
    expect(ztnaSectionsFor(tenant(), { id: GW_PLAIN, kind: 'gateway' })).toEqual({});
  });

  it("gets ztna_connector with its site's servers when it is an app connector", () => {
    const sections = ztnaSectionsFor(tenant({ nac: hosts }), { id: GW_HQ, kind: 'gateway' });
    expect(sections.nac).toEqual({ hosts });
    expect(sections.ztna_connector).toEqual({ site: 'hq', servers: [git, wiki] });
    expect(ztnaConnectorSectionSchema.safeParse(sections.ztna_connector).success).toBe(true);
    expect(sections.ztna).toBeUndefined();
  });
});

/** The section as its contract reads, written the plain way (sorting the profiles, every policy against every server): the rules' reference. */
function referenceSection(t: TenantZtna, e: ZtnaEndpoint): ZtnaSection {
  const securityGroups = securityGroupsOf(t.securityGroups, { user: e.user, endpointId: e.id, posture: e.posture });
  const requester = { user: e.user, groups: e.groups, securityGroups };
  // One waiting for approval reaches nothing: no policy is for it.
  const policies = e.posture.approved === false ? [] : t.policies.filter((p) => sourcesMatch(p.sources, requester));
  const byName = [...t.profiles].sort((a, b) => a.name.localeCompare(b.name));
  const stored =
    byName.find((p) => p.assigned.endpoints.includes(e.id)) ??
    byName.find((p) => p.assigned.groups.some((g) => e.groups.includes(g))) ??
    byName.find((p) => p.is_default) ??
    null;
  const offered = stored && stored.resources.length > 0 ? new Set(stored.resources) : null;
  const allowing = policies.filter((p) => p.enabled && p.action === 'allow');
  const servers = t.servers.filter((s) => (!offered || offered.has(s.id)) && allowing.some((p) => policyNamesServer(p, s)));
  const private_names: Record<string, string> = {};
  for (const s of servers) {
    const name = privateNameOf(s);
    if (name && name !== s.address && !s.address.startsWith('*.')) private_names[name] = s.address;
  }
  const sites = new Set(servers.map((s) => s.site));
  const connectors: Record<string, string[]> = {};
  for (const c of t.connectors) if (sites.has(c.site)) (connectors[c.site] ??= []).push(c.deviceId);
  const useTenantDns = stored ? stored.dns.use_tenant_dns : true;
  const rollout = e.posture.os ? t.rollouts.find((r) => r.os === e.posture.os && (!r.securityGroup || securityGroups.includes(r.securityGroup))) : undefined;
  const release = rollout && inRollout(e.id, rollout.id, rollout.percentage) ? releaseOf(rollout.os, rollout.version) : undefined;
  return {
    profile: stored
      ? {
          id: stored.id,
          name: stored.name,
          kind: stored.kind,
          auto_connect: stored.auto_connect,
          split_tunnel: stored.split_tunnel,
          nameservers: stored.dns.nameservers,
        }
      : { ...BUILT_IN_PROFILE, split_tunnel: { mode: 'include', routes: [] }, nameservers: [] },
    relays: t.relays.filter((r) => r.enabled && (!stored || stored.relays.length === 0 || stored.relays.includes(r.id))),
    dns: useTenantDns ? t.dnsGroups.filter((g) => g.enabled && dnsGroupApplies(g, requester)) : [],
    private_names,
    servers,
    connectors,
    // Numbered within the endpoint's own list.
    policies: policies.map((p, k) => ({ ...p, order: k + 1 })),
    identity: { user: e.user, groups: e.groups, security_groups: securityGroups, approved: e.posture.approved === true, country: e.posture.country },
    settings: t.settings,
    client_update: release ? { version: release.version, url: release.url } : null,
  };
}

describe('ztnaSectionsFor: on random tenants', () => {
  it('makes the sections of the plain reading of its rules', () => {
    fc.assert(
      fc.property(tenantArb, (t) => {
        for (const e of t.endpoints.values()) expect(sectionOf(t, e.id)).toEqual(referenceSection(t, e));
      }),
      { numRuns: 300 },
    );
  });

  it('ztnaSectionsForEndpoints makes the same sections, sharing them by view key', () => {
    fc.assert(
      fc.property(tenantArb, (t) => {
        const ids = [...t.endpoints.keys(), uuid(0xe9)];
        const shared = ztnaSectionsForEndpoints(t, ids);
        expect([...shared.keys()]).toEqual([...t.endpoints.keys()]);
        for (const [id, section] of shared) expect(JSON.stringify(section)).toBe(JSON.stringify(sectionOf(t, id)));
      }),
      { numRuns: 200 },
    );
  });
});
