import { withSettingDefaults, type DashboardConfig } from '@netloom/domain';
import type { TenantRow } from '../../identity/repo';

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
