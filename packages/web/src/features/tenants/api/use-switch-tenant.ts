import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { defaultDashboard } from '@netloom/domain';
import { paths } from '@/paths';
import { activeDashboard } from '@/lib/active-dashboard';
import { CATALOGUE } from '@/lib/http/error-catalogue';
import { snack } from '@/lib/notify';
import { sessionStore } from '@/lib/session/session-store';
import { tenantSelection } from '@/lib/tenant-selection';
import { dashboardConfigQueryOptions, productFlagsOf, tenantLandingFlagsOf } from './get-dashboard-config';

export interface TenantChoice {
  id: string;
  tenantname: string;
}

/**
 * Tenant switch of spec 000 §4: through the loading page, store the tenant, forget device and
 * network, reload the dashboard configuration, open the tenant's active dashboard.
 */
export function useSwitchTenant() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (tenant: TenantChoice) => {
      const user = sessionStore.current()?.user;
      if (!user) return;
      navigate(paths.loading);
      tenantSelection.select({ id: tenant.id, tenantname: tenant.tenantname });
      activeDashboard.set(null);
      try {
        const config = await queryClient.fetchQuery({ ...dashboardConfigQueryOptions(user, tenant.id), staleTime: 0 });
        const key =
          defaultDashboard(tenantLandingFlagsOf(config), config.dashboard.vpnDashboard) ??
          defaultDashboard(productFlagsOf(config, user), config.dashboard.vpnDashboard);
        if (!key) {
          snack(CATALOGUE.noDashboardToRedirect, { color: 'red' });
          navigate(paths.superAdmin.tenant, { replace: true });
          return;
        }
        activeDashboard.set(key);
        navigate(paths.product.dashboard(key), { replace: true });
      } catch {
        snack('Failed to get dashboard configuration for super admin.', { color: 'red' });
        navigate(paths.superAdmin.tenant, { replace: true });
      }
    },
    [navigate, queryClient],
  );
}
