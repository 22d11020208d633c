import { withSettingDefaults, type DashboardConfig, type Tenant } from '@netloom/domain';
import type { Db } from '../../db/client';
import { errors } from '../../http/errors';
import { findTenant, type TenantRow } from '../../identity/repo';
import { toTenantDto } from '../../identity/dto';
import { listTenants } from './repo';

/** The dashboard configuration the console derives its product flags and active dashboard from. */
function toDashboardConfig(row: TenantRow): DashboardConfig {
  return {
    tenant_id: row.id,
    tenantname: row.name,
    dashboard: withSettingDefaults(row.settings).dashboard,
    subscriptions: row.subscriptions,
    all_product_access: row.allProductAccess,
  };
}

/** One page of every tenant, for the super admin. */
export async function tenantPage(db: Db, page: { offset: number; limit: number | null }): Promise<{ rows: Tenant[]; total: number }> {
  const { rows, total } = await listTenants(db, page);
  return { rows: rows.map(toTenantDto), total };
}

/** The dashboard configuration of a tenant; 404 once the tenant is gone. */
export async function dashboardConfigOf(db: Db, tenantId: string): Promise<DashboardConfig> {
  const row = await findTenant(db, tenantId);
  if (!row) throw errors.notFound();
  return toDashboardConfig(row);
}
