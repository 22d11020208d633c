import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { dashboardConfigSchema, subscriptionFlags, TENANT_PATHS, type DashboardConfig, type SubscriptionFlags, type User } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useCurrentUser } from '@/lib/session/session-store';
import { tenantIdFor, useSelectedTenant } from '@/lib/tenant-selection';

const dashboardConfigKey = (user: User | null, tid: string | null) => ['tenants', 'dashboard-config', user?.id ?? null, tid] as const;

function getDashboardConfig(user: User, tid: string | null, signal?: AbortSignal) {
  return api.get(TENANT_PATHS.dashboardConfig, dashboardConfigSchema, {
    // tid names the tenant for a super admin; everyone else gets their own tenant's configuration.
    query: user.isSuperAdmin && tid ? { tid } : undefined,
    signal,
  });
}

export function dashboardConfigQueryOptions(user: User, tid: string | null) {
  return queryOptions({
    queryKey: dashboardConfigKey(user, tid),
    queryFn: ({ signal }) => getDashboardConfig(user, tid, signal),
    // Subscriptions decide what the user may open: re-read them whenever a guard or screen asks.
    staleTime: 0,
  });
}

export function productFlagsOf(config: DashboardConfig, user: User): SubscriptionFlags {
  return subscriptionFlags({
    subscriptions: config.subscriptions,
    isSuperAdmin: user.isSuperAdmin,
    allProductAccess: config.all_product_access,
  });
}

/**
 * The tenant's own products, ignoring the super admin's pass: where a super admin lands when
 * opening a tenant, so a ZTNA-only tenant opens on its ZTNA dashboard.
 */
export function tenantLandingFlagsOf(config: DashboardConfig): SubscriptionFlags {
  return subscriptionFlags({
    subscriptions: config.subscriptions,
    isSuperAdmin: false,
    allProductAccess: config.all_product_access,
  });
}

/** The current tenant's dashboard configuration; idle until there is a tenant to ask about. */
export function useDashboardConfig() {
  const user = useCurrentUser();
  const selected = useSelectedTenant();
  const tid = user ? tenantIdFor(user, selected) : null;
  const ready = user !== null && (!user.isSuperAdmin || tid !== null);
  return useQuery({
    queryKey: dashboardConfigKey(user, tid),
    queryFn: ready ? ({ signal }) => getDashboardConfig(user, tid, signal) : skipToken,
    staleTime: 0,
  });
}
