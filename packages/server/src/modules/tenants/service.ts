import { withSettingDefaults, type DashboardConfig, type Tenant } from '@netloom/domain';
import type { TenantRow } from './repo';

export function toTenantDto(row: TenantRow): Tenant {
  return {
    id: row.id,
    tenantname: row.name,
    subscriptions: row.subscriptions,
    all_product_access: row.allProductAccess,
    suspended: row.suspended,
    created_at: row.createdAt.toISOString(),
  };
}

/** The dashboard configuration the console derives its product flags and active dashboard from. */
export function toDashboardConfig(row: TenantRow): DashboardConfig {
  return {
    tenant_id: row.id,
    tenantname: row.name,
    dashboard: withSettingDefaults(row.settings).dashboard,
    subscriptions: row.subscriptions,
    all_product_access: row.allProductAccess,
  };
}
