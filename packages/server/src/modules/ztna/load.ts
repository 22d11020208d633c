import { asc, desc, eq, and, inArray } from 'drizzle-orm';
import { type EndpointOs, type NacSection, type TenantZtna, type ZtnaEndpoint, type ZtnaRollout } from '@netloom/domain';
import type { Db } from '../../db/client';
import { nacHosts, ztnaRollouts } from '../../db/read-models/ztna-activity';
import * as repo from './repo';
import { listEndpoints, postureOf, teamsOfUsers } from './endpoints-repo';
import type { CountryPort } from './ports';

async function rolloutsOf(db: Db, tenantId: string): Promise<ZtnaRollout[]> {
  const rows = await db.select().from(ztnaRollouts).where(eq(ztnaRollouts.tenantId, tenantId)).orderBy(desc(ztnaRollouts.createdAt), asc(ztnaRollouts.id));
  return rows.map((r) => ({ id: r.id, os: r.os as EndpointOs, version: r.version, securityGroup: r.securityGroupId, percentage: r.percentage }));
}

/** Hosts the tenant blocked or quarantined: what its gateways enforce (allowed and pending ones pass). */
async function enforcedNacHosts(db: Db, tenantId: string): Promise<NacSection['hosts']> {
  const rows = await db
    .select({ mac: nacHosts.mac, decision: nacHosts.decision })
    .from(nacHosts)
    .where(and(eq(nacHosts.tenantId, tenantId), inArray(nacHosts.decision, ['block', 'quarantine'])))
    .orderBy(asc(nacHosts.mac));
  return rows.map((r) => ({ mac: r.mac, decision: r.decision as 'block' | 'quarantine' }));
}

/**
 * The tenant's zero trust as devices' documents are made from it; null when the tenant never set
 * it up (no change was ever made: its devices get no zero-trust sections). `endpointIds` narrows
 * the endpoints loaded to those being rendered (all of them when left out); `countries` places
 * endpoints by their public address for the posture checks.
 */
export async function loadTenantZtna(db: Db, tenantId: string, opts: { endpointIds?: readonly string[]; countries: CountryPort }): Promise<TenantZtna | null> {
  const settings = await repo.findSettings(db, tenantId);
  if (!settings) return null;
  const { countries } = opts;
  const [profiles, servers, connectorRows, dnsGroups, securityGroups, relays, policies, rollouts, nac, facts] = await Promise.all([
    repo.listProfiles(db, tenantId),
    repo.listServers(db, tenantId),
    repo.listConnectorRows(db, tenantId),
    repo.listDnsGroups(db, tenantId),
    repo.listSecurityGroups(db, tenantId),
    repo.listRelays(db, tenantId),
    repo.listPolicies(db, tenantId),
    rolloutsOf(db, tenantId),
    enforcedNacHosts(db, tenantId),
    listEndpoints(db, tenantId, opts.endpointIds),
  ]);
  const teams = await teamsOfUsers(
    db,
    tenantId,
    facts.flatMap((f) => (f.user ? [f.user] : [])),
  );
  const endpoints = new Map<string, ZtnaEndpoint>(
    facts.map((f) => [f.id, { id: f.id, user: f.user, groups: f.user ? (teams.get(f.user) ?? []) : [], posture: postureOf(f, countries) }]),
  );
  return {
    profiles,
    servers,
    connectors: connectorRows.map((c) => ({ deviceId: c.deviceId, site: c.site })).sort((a, b) => a.deviceId.localeCompare(b.deviceId)),
    dnsGroups,
    securityGroups,
    relays,
    settings,
    policies,
    rollouts,
    nac,
    endpoints,
  };
}
