import { z } from 'zod';
import { ipField, subnetField, ztnaId } from './fields';
import { dnsGroupApplies, dnsGroupSchema, type DnsGroup } from './dns';
import { relaySchema, ztnaSettingsSchema } from './overlay';
import { DEFAULT_PROFILE_NAME, PROFILE_KINDS, SPLIT_TUNNEL_MODES, profileFor, type EndpointProfile } from './profile';
import { ztnaPolicySchema, type ZtnaPolicy } from './policy';
import { ztnaServerSchema, type ZtnaServer } from './resources';
import { sourcesMatch } from './evaluate';
import { inRollout, releaseOf, type ClientRelease } from './client-updates';
import type { NacSection } from './nac';
import { preparedPolicyPlaces, preparedSecurityGroups, preparedTenant } from './prepared';
import type { TenantZtna, ZtnaEndpoint } from './tenant';

/**
 * The `ztna` section of an endpoint's configuration, made by the server from the tenant's
 * zero-trust settings (never edited per device): its profile, the relays, DNS and servers it may
 * use, the policies that can apply to its user (in order) and who it is, so the client decides
 * each connection with the one evaluation (`decideAccess`) before it opens it.
 */
export const ztnaSectionSchema = z
  .strictObject({
    profile: z.object({
      /** Null: the built-in default (the tenant has not saved its own 'mza' yet). */
      id: ztnaId().nullable(),
      name: z.string(),
      kind: z.enum(PROFILE_KINDS),
      auto_connect: z.boolean(),
      split_tunnel: z.object({ mode: z.enum(SPLIT_TUNNEL_MODES), routes: z.array(subnetField()) }),
      nameservers: z.array(ipField()),
    }),
    relays: z.array(relaySchema).max(100),
    dns: z.array(dnsGroupSchema).max(100),
    /** Private names of the servers below, resolved on the client (split DNS for published servers). */
    private_names: z.record(z.string().max(253), z.string().max(253)),
    servers: z.array(ztnaServerSchema).max(5_000),
    /** The app connectors of each site of those servers (device ids): a session goes through one of them. */
    connectors: z.record(z.string().max(64), z.array(ztnaId())),
    policies: z.array(ztnaPolicySchema).max(1_000),
    identity: z.object({
      user: z.string().nullable(),
      groups: z.array(ztnaId()),
      security_groups: z.array(ztnaId()),
      approved: z.boolean(),
      /** From the endpoint's public address, as the server last saw it. */
      country: z.string().nullable(),
    }),
    settings: ztnaSettingsSchema,
    /** The client version this endpoint should run (a staged rollout reached it), with its installer. */
    client_update: z.object({ version: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'ZtnaSection' });
export type ZtnaSection = z.infer<typeof ztnaSectionSchema>;

/** The `ztna_connector` section of an app connector (a gateway): its site and the servers it publishes. */
export const ztnaConnectorSectionSchema = z.strictObject({
  site: z.string().max(64),
  servers: z.array(ztnaServerSchema).max(5_000),
});
export type ZtnaConnectorSection = z.infer<typeof ztnaConnectorSectionSchema>;

export type { TenantZtna, ZtnaEndpoint, ZtnaRollout } from './tenant';

/** The built-in default profile, until the tenant saves its own 'mza'. */
export const BUILT_IN_PROFILE = {
  id: null,
  name: DEFAULT_PROFILE_NAME,
  kind: 'classic',
  auto_connect: true,
  split_tunnel: { mode: 'include', routes: [] },
  nameservers: [],
} as const satisfies ZtnaSection['profile'];

export type ZtnaSections = { ztna?: ZtnaSection; ztna_connector?: ZtnaConnectorSection; nac?: NacSection };

/** The security groups of an endpoint's requester (`securityGroupsOf`, on the tenant's prepared groups). */
export const endpointSecurityGroups = (tenant: TenantZtna, e: ZtnaEndpoint): string[] =>
  preparedSecurityGroups(preparedTenant(tenant), { user: e.user, endpointId: e.id, posture: e.posture });

/** The policies that can apply to an endpoint's requester (their sources match it), in order. */
export function policiesForEndpoint(tenant: TenantZtna, e: ZtnaEndpoint, securityGroups: readonly string[]): ZtnaPolicy[] {
  const requester = { user: e.user, groups: e.groups, securityGroups };
  return tenant.policies.filter((p) => sourcesMatch(p.sources, requester));
}

/**
 * What an endpoint's `ztna` section is made of besides who it is: its security groups, the
 * policies for its requester (with their places in the tenant's list), its profile, DNS groups
 * and client release. Two endpoints with the same `key` get the same section but for `identity`.
 */
export interface ZtnaEndpointView {
  securityGroups: string[];
  policies: ZtnaPolicy[];
  policyIndexes: number[];
  profile: EndpointProfile | null;
  dns: DnsGroup[];
  dnsIndexes: number[];
  release: ClientRelease | null;
  /** Within one snapshot of the tenant: the profile, the policies' and DNS groups' places, the release. */
  key: string;
}

export function ztnaEndpointView(tenant: TenantZtna, e: ZtnaEndpoint): ZtnaEndpointView {
  const securityGroups = endpointSecurityGroups(tenant, e);
  const requester = { user: e.user, groups: e.groups, securityGroups };
  // Waiting for approval: no policy, so no server either (it reaches nothing, see requesterRefusal).
  const policyIndexes = e.posture.approved === false ? [] : preparedPolicyPlaces(preparedTenant(tenant), requester);
  const policies = policyIndexes.map((i) => tenant.policies[i]!);
  const profile = profileFor(tenant.profiles, { id: e.id, groups: e.groups });
  const dns: DnsGroup[] = [];
  const dnsIndexes: number[] = [];
  if (profile ? profile.dns.use_tenant_dns : true)
    tenant.dnsGroups.forEach((g, i) => {
      if (!g.enabled || !dnsGroupApplies(g, requester)) return;
      dns.push(g);
      dnsIndexes.push(i);
    });
  const rollout = e.posture.os
    ? tenant.rollouts.find((r) => r.os === e.posture.os && (!r.securityGroup || securityGroups.includes(r.securityGroup)))
    : undefined;
  const release = (rollout && inRollout(e.id, rollout.id, rollout.percentage) ? releaseOf(rollout.os, rollout.version) : undefined) ?? null;
  const key = `${profile?.id ?? '-'}|${policyIndexes.join(',')}|${dnsIndexes.join(',')}|${release?.url ?? '-'}`;
  return { securityGroups, policies, policyIndexes, profile, dns, dnsIndexes, release, key };
}

/** Everything of a section but `identity`, from the view (what endpoints of one view key share). */
type SectionBody = Omit<ZtnaSection, 'identity'>;

function sectionBody(tenant: TenantZtna, v: ZtnaEndpointView): SectionBody {
  const stored = v.profile;
  const offered = stored && stored.resources.length > 0 ? new Set(stored.resources) : null;
  // Servers some allow policy for this requester names: the others it could never reach. Marked
  // by place from what each policy names, then read in the tenant's order.
  const { policyServers, names, marks, serverSite, siteMarks, connectorSites } = preparedTenant(tenant);
  let named = 0;
  for (let k = 0; k < v.policies.length; k++) {
    const p = v.policies[k]!;
    if (!p.enabled || p.action !== 'allow') continue;
    for (const i of policyServers[v.policyIndexes[k]!]!) {
      if (marks[i] !== 0) continue;
      marks[i] = 1;
      named++;
    }
  }
  const servers: ZtnaServer[] = [];
  const private_names: Record<string, string> = {};
  for (let i = 0; named > 0 && i < marks.length; i++) {
    if (marks[i] === 0) continue;
    marks[i] = 0;
    named--;
    const s = tenant.servers[i]!;
    if (offered && !offered.has(s.id)) continue;
    servers.push(s);
    const name = names[i];
    if (name) private_names[name] = s.address;
    if (serverSite[i]! >= 0) siteMarks[serverSite[i]!] = 1;
  }
  // The app connectors of the servers' sites, in the order the tenant lists them.
  const connectors: Record<string, string[]> = {};
  for (let k = 0; k < connectorSites.length; k++) {
    if (siteMarks[k] === 0) continue;
    siteMarks[k] = 0;
    connectors[connectorSites[k]!.site] = connectorSites[k]!.devices.slice();
  }
  const relays = tenant.relays.filter((r) => r.enabled && (!stored || stored.relays.length === 0 || stored.relays.includes(r.id)));
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
    relays,
    dns: v.dns,
    private_names,
    servers,
    connectors,
    // Numbered within the endpoint's own list: a policy that cannot apply to it being inserted,
    // removed or moved leaves its section (and its revision) as it was.
    policies: v.policies.map((p, k) => (p.order === k + 1 ? p : { ...p, order: k + 1 })),
    settings: tenant.settings,
    client_update: v.release ? { version: v.release.version, url: v.release.url } : null,
  };
}

const identityOf = (e: ZtnaEndpoint, securityGroups: string[]): ZtnaSection['identity'] => ({
  user: e.user,
  groups: e.groups,
  security_groups: securityGroups,
  approved: e.posture.approved === true,
  country: e.posture.country,
});

/** A section from its body and identity, its fields in the one order every section has. */
const withIdentity = (b: SectionBody, identity: ZtnaSection['identity']): ZtnaSection => ({
  profile: b.profile,
  relays: b.relays,
  dns: b.dns,
  private_names: b.private_names,
  servers: b.servers,
  connectors: b.connectors,
  policies: b.policies,
  identity,
  settings: b.settings,
  client_update: b.client_update,
});

function endpointSection(tenant: TenantZtna, e: ZtnaEndpoint): ZtnaSection {
  const v = ztnaEndpointView(tenant, e);
  return withIdentity(sectionBody(tenant, v), identityOf(e, v.securityGroups));
}

/**
 * The `ztna` sections of some endpoints of a tenant (unknown ids left out), made once per view key:
 * endpoints that get the same policies, servers, DNS, profile and release share everything but
 * `identity` (the objects too: treat the sections as read-only).
 */
export function ztnaSectionsForEndpoints(tenant: TenantZtna, ids: Iterable<string>): Map<string, ZtnaSection> {
  const bodies = new Map<string, SectionBody>();
  const out = new Map<string, ZtnaSection>();
  for (const id of ids) {
    const e = tenant.endpoints.get(id);
    if (!e) continue;
    const v = ztnaEndpointView(tenant, e);
    let body = bodies.get(v.key);
    if (!body) bodies.set(v.key, (body = sectionBody(tenant, v)));
    out.set(id, withIdentity(body, identityOf(e, v.securityGroups)));
  }
  return out;
}

/**
 * The zero-trust sections of a device's document: an endpoint's `ztna`; a gateway's `nac` (when
 * the tenant blocked or quarantined hosts) and, for an app connector, its `ztna_connector`.
 */
export function ztnaSectionsFor(tenant: TenantZtna, device: { id: string; kind: 'gateway' | 'endpoint' }): ZtnaSections {
  if (device.kind === 'endpoint') {
    const e = tenant.endpoints.get(device.id);
    return e ? { ztna: endpointSection(tenant, e) } : {};
  }
  const out: ZtnaSections = {};
  if (tenant.nac.length > 0) out.nac = { hosts: tenant.nac };
  const connector = tenant.connectors.find((c) => c.deviceId === device.id);
  if (connector) out.ztna_connector = { site: connector.site, servers: tenant.servers.filter((s) => s.site === connector.site) };
  return out;
}
