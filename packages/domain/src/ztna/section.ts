import { z } from 'zod';
import { ipField, subnetField, ztnaId } from './fields';
import { dnsGroupApplies, dnsGroupSchema, type DnsGroup } from './dns';
import { relaySchema, ztnaSettingsSchema, type Relay, type ZtnaSettings } from './overlay';
import { DEFAULT_PROFILE_NAME, PROFILE_KINDS, SPLIT_TUNNEL_MODES, profileFor, type EndpointProfile } from './profile';
import { ztnaPolicySchema, type ZtnaPolicy } from './policy';
import { privateNameOf, ztnaServerSchema, type ZtnaServer } from './resources';
import { securityGroupsOf, type SecurityGroup } from './security-groups';
import { sourcesMatch, policyNamesServer } from './evaluate';
import { inRollout, releaseOf } from './client-updates';
import type { EndpointOs, Posture } from './posture';
import type { NacSection } from './nac';

/**
 * The `ztna` section of an endpoint's configuration, made by the server from the tenant's
 * zero-trust settings (never edited per device): its profile, the relays, DNS and servers it may
 * use, the policies that can apply to its user (in order) and who it is, so the client decides
 * each connection with the one evaluation (`decideAccess`) before it opens it.
 */
export const ztnaSectionSchema = z.strictObject({
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
});
export type ZtnaSection = z.infer<typeof ztnaSectionSchema>;

/** The `ztna_connector` section of an app connector (a gateway): its site and the servers it publishes. */
export const ztnaConnectorSectionSchema = z.strictObject({
  site: z.string().max(64),
  servers: z.array(ztnaServerSchema).max(5_000),
});
export type ZtnaConnectorSection = z.infer<typeof ztnaConnectorSectionSchema>;

/** An endpoint as its section depends on it. */
export interface ZtnaEndpoint {
  id: string;
  /** Lower-case e-mail of the user signed in. */
  user: string | null;
  /** The user's groups (teams). */
  groups: string[];
  posture: Posture;
}

export interface ZtnaRollout {
  id: string;
  os: EndpointOs;
  version: string;
  securityGroup: string | null;
  percentage: number;
}

/** The tenant's zero-trust settings as the server loads them: what every device's sections are made from. */
export interface TenantZtna {
  profiles: EndpointProfile[];
  servers: ZtnaServer[];
  /** App connectors: gateways publishing the servers of a site. */
  connectors: { deviceId: string; site: string }[];
  dnsGroups: DnsGroup[];
  securityGroups: SecurityGroup[];
  relays: Relay[];
  settings: ZtnaSettings;
  /** In order, first first. */
  policies: ZtnaPolicy[];
  /** Newest first: an endpoint follows the newest rollout of its OS that reaches it. */
  rollouts: ZtnaRollout[];
  /** Hosts blocked or quarantined on the tenant's networks. */
  nac: NacSection['hosts'];
  endpoints: Map<string, ZtnaEndpoint>;
}

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

/** The security groups of an endpoint's requester. */
export const endpointSecurityGroups = (tenant: TenantZtna, e: ZtnaEndpoint): string[] =>
  securityGroupsOf(tenant.securityGroups, { user: e.user, endpointId: e.id, posture: e.posture });

/** The policies that can apply to an endpoint's requester (their sources match it), in order. */
export function policiesForEndpoint(tenant: TenantZtna, e: ZtnaEndpoint, securityGroups: readonly string[]): ZtnaPolicy[] {
  const requester = { user: e.user, groups: e.groups, securityGroups };
  return tenant.policies.filter((p) => sourcesMatch(p.sources, requester));
}

function endpointSection(tenant: TenantZtna, e: ZtnaEndpoint): ZtnaSection {
  const securityGroups = endpointSecurityGroups(tenant, e);
  const policies = policiesForEndpoint(tenant, e, securityGroups);
  const stored = profileFor(tenant.profiles, { id: e.id, groups: e.groups });
  const offered = stored && stored.resources.length > 0 ? new Set(stored.resources) : null;
  // Servers some allow policy for this requester names: the others it could never reach.
  const allowing = policies.filter((p) => p.enabled && p.action === 'allow');
  const servers = tenant.servers.filter((s) => (!offered || offered.has(s.id)) && allowing.some((p) => policyNamesServer(p, s)));
  const private_names: Record<string, string> = {};
  for (const s of servers) {
    const name = privateNameOf(s);
    if (name && name !== s.address && !s.address.startsWith('*.')) private_names[name] = s.address;
  }
  const sites = new Set(servers.map((s) => s.site));
  const connectors: Record<string, string[]> = {};
  for (const c of tenant.connectors) if (sites.has(c.site)) (connectors[c.site] ??= []).push(c.deviceId);
  const relays = tenant.relays.filter((r) => r.enabled && (!stored || stored.relays.length === 0 || stored.relays.includes(r.id)));
  const useTenantDns = stored ? stored.dns.use_tenant_dns : true;
  const dns = useTenantDns ? tenant.dnsGroups.filter((g) => g.enabled && dnsGroupApplies(g, { groups: e.groups, securityGroups })) : [];
  const rollout = e.posture.os
    ? tenant.rollouts.find((r) => r.os === e.posture.os && (!r.securityGroup || securityGroups.includes(r.securityGroup)))
    : undefined;
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
    relays,
    dns,
    private_names,
    servers,
    connectors,
    policies,
    identity: { user: e.user, groups: e.groups, security_groups: securityGroups, approved: e.posture.approved === true, country: e.posture.country },
    settings: tenant.settings,
    client_update: release ? { version: release.version, url: release.url } : null,
  };
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
