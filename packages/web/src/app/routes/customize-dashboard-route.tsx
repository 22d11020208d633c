import { canManageTenant } from '@netloom/domain';
import { CustomizeDashboardPage } from '@/features/dashboard/pages/customize-dashboard-page';
import { useDashboardConfig } from '@/features/tenants/api/get-dashboard-config';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { useCurrentUser } from '@/lib/session/session-store';
import { useTenantScope } from '@/lib/tenant-scope';

/**
 * Customize Dashboard: the dashboard feature's layout editor, told who may change it and what the
 * tenant's settings and fleet let the dashboard show today (for the preview). Composition only.
 */
export function CustomizeDashboardRoute({ product }: { product: 'sdwan' | 'ztna' }) {
  const user = useCurrentUser();
  const flags = useDashboardConfig().data?.dashboard;
  const devices = useFleetDevices(useTenantScope(), null, product === 'ztna' ? 'endpoint' : 'device').data;
  if (!user) return null;
  return (
    <CustomizeDashboardPage
      key={product}
      product={product}
      canEdit={canManageTenant(user)}
      conditions={{ hasDevices: (devices?.length ?? 0) > 0, netflow: Boolean(flags?.netflow), urlStats: Boolean(flags?.url_stats) }}
    />
  );
}
