import { sql } from 'drizzle-orm';
import { policyIdsForDevice, webFilterSectionFor, type TenantWebFilter } from '@netloom/domain';
import type { SectionProvider } from '../config/index';
import { loadTenantWebFilter, lockSettings } from './repo';

/**
 * The web filter's part of every device's document: the `web_filter` section, the tenant's
 * settings and the policies that reach the device. A tenant that never set up a web filter gives
 * its devices none.
 */
export const webFilterSections: SectionProvider<TenantWebFilter> = {
  name: 'web_filter',
  sections: ['web_filter'],
  load: (db, tenantId) => loadTenantWebFilter(db, tenantId),
  render: (tenant, device) => ({ web_filter: webFilterSectionFor(tenant, device) }),
  // Devices that get the same policies get the same section: the policy ids stand for it.
  cacheKey: (tenant, device) => policyIdsForDevice(tenant, device),
  // Devices enrolled or claimed since the tenant's last change have no section yet.
  stale: ({ device, document }) =>
    sql`exists (select 1 from webfilter_settings w where w.tenant_id = ${device}.tenant_id) and (${document} is null or not ${document} ? 'web_filter')`,
  lock: (tx, tenantId) => lockSettings(tx, tenantId),
  reconcileMessage: "The organisation's web filter",
};
