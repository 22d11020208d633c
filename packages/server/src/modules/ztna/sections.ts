import { sql } from 'drizzle-orm';
import { ztnaEndpointView, ztnaSectionsFor, type TenantZtna } from '@netloom/domain';
import type { SectionProvider, SectionTarget } from '../config/index';
import { loadTenantZtna } from './load';
import type { CountryPort } from './ports';
import { lockSettings } from './repo';

/** The revisions' source of zero trust's changes. */
export const ztnaSectionsName = 'ztna';

/**
 * What a device's zero-trust sections depend on, short, within one snapshot of the tenant: for an
 * endpoint, its view (profile, policies, DNS groups, release: the domain's key) and who it is;
 * for a gateway, the site it publishes (NAC hosts are the same for all of the tenant's gateways).
 */
function ztnaKey(tenant: TenantZtna, device: SectionTarget): unknown {
  if (device.kind === 'gateway') return tenant.connectors.find((c) => c.deviceId === device.id)?.site ?? null;
  const e = tenant.endpoints.get(device.id);
  if (!e) return null;
  const view = ztnaEndpointView(tenant, e);
  return [view.key, e.user, e.groups, view.securityGroups, e.posture.approved === true, e.posture.country];
}

/**
 * Zero trust's part of devices' documents: an endpoint's `ztna` section (its profile, servers and
 * access policies), an app connector's `ztna_connector`, and the `nac` hosts every gateway
 * enforces. Built with the country lookup that places endpoints for the posture checks.
 */
export function ztnaSections(countries: CountryPort): SectionProvider<TenantZtna> {
  return {
    name: ztnaSectionsName,
    sections: ['ztna', 'ztna_connector', 'nac'],
    // Only the endpoints being rendered are loaded of the tenant's.
    load: (db, tenantId, devices) => loadTenantZtna(db, tenantId, { endpointIds: devices.filter((d) => d.kind === 'endpoint').map((d) => d.id), countries }),
    render: (tenant, device) => ztnaSectionsFor(tenant, device),
    cacheKey: ztnaKey,
    /*
     * Endpoints without a `ztna` section or whose section names another approval, user or teams
     * than the device has now (approved, signed in as someone else, its user moved between teams,
     * or their account was deactivated or restored since), and app connectors without their `ztna_connector`.
     */
    stale: ({ device: d, document: doc }) => sql`exists (select 1 from ztna_settings z where z.tenant_id = ${d}.tenant_id) and (
      (${d}.kind = 'endpoint' and (
        ${doc} is null or not ${doc} ? 'ztna'
        or (${doc}->'ztna'->'identity'->>'approved')::boolean is distinct from ${d}.approved
        or ${doc}->'ztna'->'identity'->>'user' is distinct from (case when exists (
          select 1 from users u where lower(u.email) = lower(${d}.username) and not u.active) then null else lower(${d}.username) end)
        or ${doc}->'ztna'->'identity'->'groups' is distinct from coalesce((
          select jsonb_agg(m.group_id::text order by m.group_id) from user_group_members m
          join user_groups g on g.id = m.group_id and g.tenant_id = ${d}.tenant_id
          join users u on u.id = m.user_id and u.active
          where lower(u.email) = lower(${d}.username)), '[]'::jsonb)))
      or (${d}.kind = 'gateway' and exists (select 1 from ztna_connectors c where c.device_id = ${d}.id)
        and (${doc} is null or not ${doc} ? 'ztna_connector')))`,
    lock: (tx, tenantId) => lockSettings(tx, tenantId),
    reconcileMessage: "The organisation's zero-trust access",
  };
}
