import { z } from 'zod';
import { paginated } from './pagination';
import { DASHBOARD_FLAG_KEYS } from '../rules/tenant-settings';

export const TENANT_PATHS = {
  list: 'tenant/list/',
  dashboardConfig: 'tenant/dashboard-config/',
  /** HEAD or GET: the console's backend-reachability check (spec 001 §7 Health). */
  health: 'tenant/data/health/',
} as const;

/** `tid` selects the tenant for a super admin; others may only name their own. */
export const tenantQuerySchema = z.object({ tid: z.string().uuid().optional() });

export const tenantSchema = z
  .object({
    id: z.string(),
    tenantname: z.string(),
    subscriptions: z.array(z.string()),
    all_product_access: z.boolean(),
    suspended: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Tenant', description: 'An organisation (tenant) and its subscriptions' });
export type Tenant = z.infer<typeof tenantSchema>;
export const tenantListSchema = paginated(tenantSchema);

const dashboardFlagsSchema = z.object(
  Object.fromEntries(DASHBOARD_FLAG_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof DASHBOARD_FLAG_KEYS)[number], z.ZodBoolean>,
);

export const dashboardConfigSchema = z.object({
  tenant_id: z.string(),
  tenantname: z.string(),
  dashboard: dashboardFlagsSchema,
  subscriptions: z.array(z.string()),
  all_product_access: z.boolean(),
});
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;
