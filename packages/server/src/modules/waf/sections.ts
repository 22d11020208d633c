import { sql } from 'drizzle-orm';
import { WAF_EDGE_DEVICE_TYPE, type WafEdgeApplication, type WafPolicy, type WafSection } from '@netloom/domain';
import type { SectionProvider, SectionTarget } from '../config/index';
import { loadTenantWaf, lockTenantWaf, type ApplicationRow, type ThreatListRow } from './repo';
import type { BotSettingsRow } from './bot-repo';
import { botEdgeLists } from './bot-lists';
import { edgeApiSchema } from './zero-trust-api';

type TenantWaf = Awaited<ReturnType<typeof loadTenantWaf>>;

/** The revisions' source of QShield's changes. */
export const wafSectionsName = 'waf';

/** One application as an edge serves it: its certificate (with the key only the edge gets), its policy and the addresses of the lists it names. */
function edgeApplication(
  app: ApplicationRow,
  lists: readonly ThreatListRow[],
  bots: readonly BotSettingsRow[] = [],
  apiContracts: ReadonlyMap<string, unknown[]> = new Map(),
): WafEdgeApplication {
  const policy = app.policy as WafPolicy;
  return {
    id: app.id,
    name: app.name,
    domains: app.domains,
    origins: app.origins,
    health_check: app.healthCheck,
    tls: app.tlsMode !== 'none' && app.certificate && app.tlsKey ? { certificate: app.certificate, key: app.tlsKey } : null,
    policy,
    // The application's own organisation's lists only (a shared POP renders several organisations').
    threat_lists: [
      ...lists
        .filter((l) => l.tenantId === app.tenantId && policy.threat_lists.includes(l.id))
        .map((l) => ({ id: l.id, name: l.name, action: l.action, cidrs: l.entries })),
      // Bot protection's managed lists: each class's addresses with its action.
      ...botEdgeLists(app, bots.find((b) => b.tenantId === app.tenantId) ?? null),
    ],
    blocked_api_keys: (bots.find((b) => b.tenantId === app.tenantId)?.blockedKeys ?? []).map((k) => k.key),
    api_schema: edgeApiSchema(policy, apiContracts.get(app.id)),
  };
}

function render(tenant: TenantWaf, device: SectionTarget): { waf: WafSection } | null {
  if (device.kind !== 'gateway' || device.deviceType !== WAF_EDGE_DEVICE_TYPE) return null;
  const applications = tenant.applications
    .filter((a) => a.edgeIds.includes(device.id))
    .map((a) => edgeApplication(a, tenant.lists, tenant.bots, tenant.apiContracts));
  return { waf: { applications } };
}

/**
 * QShield's part of its edges' documents: the `waf` section of every WAF edge, the applications
 * that name it with their policies (none: an empty section, so the edge serves nothing).
 */
export const wafSections: SectionProvider<TenantWaf> = {
  name: wafSectionsName,
  sections: ['waf'],
  load: (db, tenantId) => loadTenantWaf(db, tenantId),
  render,
  // Edges that serve the same applications get the same section.
  cacheKey: (tenant, device) =>
    device.deviceType === WAF_EDGE_DEVICE_TYPE ? tenant.applications.filter((a) => a.edgeIds.includes(device.id)).map((a) => a.id) : null,
  // Edges enrolled since the tenant's last change (or shared since) have no section yet.
  stale: ({ device, document }) =>
    sql`${device}.device_type = ${WAF_EDGE_DEVICE_TYPE}
      and (exists (select 1 from waf_applications a where a.tenant_id = ${device}.tenant_id) or exists (select 1 from waf_shared_pops s where s.device_id = ${device}.id))
      and (${document} is null or not ${document} ? 'waf')`,
  lock: (tx, tenantId) => lockTenantWaf(tx, tenantId),
  reconcileMessage: "The organisation's protected applications",
};
