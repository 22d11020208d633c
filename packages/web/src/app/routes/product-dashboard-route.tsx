import { Suspense, lazy, useCallback, useState } from 'react';
import type { DeviceRow } from '@netloom/domain';
import { ProductDashboard } from '@/features/dashboard/components/product-dashboard';
import { useDashboardLayout } from '@/features/dashboard/api/dashboard-layout';
import { InterfacePopover } from '@/features/dashboard/components/interface-popover/interface-popover';
import { DeviceDashboardTable } from '@/features/devices/components/device-dashboard-table';
import { useDashboardTour } from '@/features/tours/hooks/use-dashboard-tour';
import { useDashboardConfig } from '@/features/tenants/api/get-dashboard-config';
import { useSelectedNetworkId } from '@/lib/fleet-selection';
import { useCurrentUser } from '@/lib/session/session-store';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { tenantIdFor, useSelectedTenant } from '@/lib/tenant-selection';

// The graphs below the map bring the charts library: loaded after the dashboard's first paint, not with it.
const TopTrafficPanel = lazy(() => import('@/features/traffic/components/top-traffic-panel').then((m) => ({ default: m.TopTrafficPanel })));
const WebFilterPanel = lazy(() => import('@/features/web-filter-analytics/components/webfilter-panel').then((m) => ({ default: m.WebFilterPanel })));

/**
 * The SD-WAN and ZTNA dashboards: the dashboard feature's layout around the devices feature's
 * table, with the interface popover on each gateway row, the traffic feature's panel and, on
 * ZTNA, the web filter's, in the tenant's layout. Composition only.
 */
export function ProductDashboardRoute({ product }: { product: 'sdwan' | 'ztna' }) {
  const user = useCurrentUser();
  const selected = useSelectedTenant();
  const tenantId = user ? tenantIdFor(user, selected) : null;
  const groupId = useSelectedNetworkId();
  // Device groups narrow the SD-WAN console only (spec 000 §2.14).
  const networkId = product === 'sdwan' ? groupId : null;
  const flags = useDashboardConfig().data?.dashboard;
  const timezone = user?.timezone ?? null;
  const tid = user?.isSuperAdmin ? tenantId : null;
  // Which graph shows follows the settings (spec 000 §2.7, applied by the dashboard); where, the tenant's layout.
  const graphSettings = { netflow: Boolean(flags?.netflow), urlStats: Boolean(flags?.url_stats) };
  const layout = useDashboardLayout(product).data;
  // Their charts library is fetched once the tiles and the table are on screen.
  const graphsDue = useAfterFirstPaint();
  // The dashboard says when its fleet is empty; the tours feature decides whether the tour is due.
  const [emptyFleet, setEmptyFleet] = useState(false);
  useDashboardTour(product, emptyFleet);
  const details = useCallback((d: DeviceRow) => <InterfacePopover device={d} tid={tid} timezone={timezone} />, [tid, timezone]);

  if (!user || !tenantId) return null;
  return (
    <ProductDashboard
      key={`${product}-${tenantId}-${networkId ?? ''}`}
      product={product}
      tenantId={tenantId}
      tenantName={(user.isSuperAdmin ? selected?.tenantname : user.tenantName) ?? undefined}
      networkId={networkId}
      timezone={timezone}
      onEmptyChange={setEmptyFleet}
      graphSettings={graphSettings}
      layout={layout}
      trafficArea={
        graphsDue && (
          <Suspense fallback={null}>
            <TopTrafficPanel product={product} networkId={networkId} timezone={timezone} />
          </Suspense>
        )
      }
      webFilterArea={
        graphsDue && (
          <Suspense fallback={null}>
            <WebFilterPanel timezone={timezone} />
          </Suspense>
        )
      }
      deviceArea={
        <DeviceDashboardTable
          product={product}
          tenantId={tenantId}
          networkId={networkId}
          commercialEnabled={flags?.commercialDashboard}
          wan3Enabled={flags?.wan3}
          timezone={timezone}
          renderDetails={product === 'sdwan' ? details : undefined}
        />
      }
    />
  );
}
