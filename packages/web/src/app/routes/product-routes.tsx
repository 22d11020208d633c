import { redirect, type RouteObject } from 'react-router';
import { NETFLOW_PAGES, type ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import type { NotBuiltKey } from '@/features/products/pages/not-built-page';
import { revalidateOnNavigation, productGuard } from '@/app/guards/loaders';
import { teamsAndLogsRoutes } from './organisation-routes';
import { redirectRoute, redirectTo } from './redirect-route';
import { webFilterAnalyticsRoutes } from './web-filter-analytics-routes';
import { ztnaAccessRoutes } from './ztna-routes';

/** A page of the spec that is not built yet: it says so, and what it will hold. */
function notBuilt(product: ProductKey, path: string, page: NotBuiltKey): RouteObject {
  return {
    path,
    lazy: () => import('@/features/products/pages/not-built-page').then((m) => ({ element: <m.NotBuiltPage product={product} page={m.NOT_BUILT[page]} /> })),
  };
}

/** SD-WAN configuration: the gateway overview, each family's page, and the templates with their own family pages. */
const configurationRoutes: RouteObject[] = [
  { path: 'device/configure', lazy: () => import('@/features/device-config/pages/configure-page').then((m) => ({ Component: m.ConfigurePage })) },
  { path: 'device/configure/:family/*', lazy: () => import('./config-family-route').then((m) => ({ element: <m.ConfigFamilyRoute mode="device" /> })) },
  { path: 'organization/configtemp', lazy: () => import('@/features/device-config/pages/templates-page').then((m) => ({ Component: m.TemplatesPage })) },
  {
    path: 'organization/configtemp/configtempedit/:family/*',
    lazy: () => import('./config-family-route').then((m) => ({ element: <m.ConfigFamilyRoute mode="template" /> })),
  },
  {
    path: 'organization/configtemp/:templateId',
    lazy: () => import('@/features/device-config/pages/template-page').then((m) => ({ Component: m.TemplatePage })),
  },
];

/** ZTNA › Organization › Web filter: URL-based and IP-based policies (the bare section opens the first). */
const webFilterRoutes: RouteObject[] = [
  { path: 'organization/web-filter', ...redirectTo(paths.ztnaWebFilter.urlBased) },
  {
    path: 'organization/web-filter/url-based-filtering',
    lazy: () => import('@/features/web-filter/pages/url-filtering-page').then((m) => ({ Component: m.UrlFilteringPage })),
  },
  {
    path: 'organization/web-filter/ip-based-filtering',
    lazy: () => import('@/features/web-filter/pages/ip-filtering-page').then((m) => ({ Component: m.IpFilteringPage })),
  },
];

/** Sections of sdwan and ztna (spec 000 §2.2); deeper paths of a section not built yet land on its notice. */
function consoleSections(p: 'sdwan' | 'ztna'): RouteObject[] {
  const shared: RouteObject[] = [
    {
      path: 'tenant-customize-dashboard',
      lazy: () => import('./customize-dashboard-route').then((m) => ({ element: <m.CustomizeDashboardRoute product={p} /> })),
    },
    { path: 'network', lazy: () => import('@/features/devices/pages/device-groups-page').then((m) => ({ Component: m.DeviceGroupsPage })) },
    { path: 'network/:networkId', lazy: () => import('./device-group-route').then((m) => ({ Component: m.DeviceGroupRoute })) },
    // ZTNA's inventory is the zero-trust one (enrolled and approve-inventory tabs, ztna-routes.tsx).
    ...(p === 'sdwan'
      ? [
          {
            path: 'organization/inventory/*',
            lazy: () => import('@/features/devices/pages/inventory-page').then((m) => ({ element: <m.InventoryPage product={p} /> })),
          },
          ...configurationRoutes,
        ]
      : [...ztnaAccessRoutes(), notBuilt(p, 'device/configure/*', 'endpointProfiles'), notBuilt(p, 'organization/configtemp/*', 'configTemplates')]),
    ...(p === 'sdwan'
      ? [
          {
            path: 'organization/monitor/alarms/device',
            lazy: () => import('@/features/alarms/pages/alarms-page').then((m) => ({ Component: m.OrganisationAlarmsPage })),
          },
          {
            path: 'organization/monitor/globalBGP',
            lazy: () => import('@/features/device-status/pages/bgp-status-page').then((m) => ({ Component: m.TenantBgpPage })),
          },
          {
            path: 'organization/monitor/vpn-status',
            lazy: () => import('@/features/device-status/pages/vpn-status-page').then((m) => ({ Component: m.VpnStatusPage })),
          },
          {
            path: 'organization/monitor/globalInterface',
            lazy: () => import('@/features/device-status/pages/global-interfaces-page').then((m) => ({ Component: m.GlobalInterfacesPage })),
          },
          {
            path: 'organization/systemtools/globalNotification',
            lazy: () => import('@/features/alarms/pages/notification-channels-page').then((m) => ({ Component: m.NotificationChannelsPage })),
          },
        ]
      : []),
    ...(p === 'ztna' ? webFilterRoutes : []),
    {
      path: 'organization/systemtools/reportGeneration',
      lazy: () => import('@/features/reports/pages/report-generation-page').then((m) => ({ element: <m.ReportGenerationPage product={p} /> })),
    },
    notBuilt(p, 'organization/monitor/*', 'monitor'),
    notBuilt(p, 'organization/*', p === 'ztna' ? 'ztnaOrganization' : 'organization'),
    ...teamsAndLogsRoutes(p),
  ];
  if (p === 'sdwan') {
    return [
      ...shared,
      { path: 'device/status/alarms', ...redirectTo(paths.product.deviceAlarms('device')) },
      { path: 'device/status/bgp', lazy: () => import('@/features/device-status/pages/bgp-status-page').then((m) => ({ Component: m.BgpStatusPage })) },
      { path: 'device/status/alarms/:kind', lazy: () => import('@/features/alarms/pages/alarms-page').then((m) => ({ Component: m.AlarmsPage })) },
      ...statusSectionRoutes(),
      // The bare section opens its first page, keeping the gateway and window of the link.
      {
        path: 'device/status/netflow',
        ...redirectRoute(({ request }) => redirect(`${paths.product.netflow(NETFLOW_PAGES[0].route)}${new URL(request.url).search}`)),
      },
      { path: 'device/status/netflow/*', lazy: () => import('@/features/traffic/pages/netflow-page').then((m) => ({ Component: m.NetflowPage })) },
      // The SLA page's WAN traffic tab is drawn by traffic analytics: the route composes the two.
      { path: 'device/status/slastatus/*', lazy: () => import('./sla-status-route').then((m) => ({ Component: m.SlaStatusRoute })) },
      {
        path: 'device/configure/status/*',
        lazy: () => import('@/features/device-status/pages/device-overview-page').then((m) => ({ Component: m.DeviceOverviewPage })),
      },
      notBuilt(p, 'device/status/*', 'gatewayMonitor'),
    ];
  }
  return [
    ...shared,
    notBuilt(p, 'device/status/*', 'mzaStatus'),
    ...webFilterAnalyticsRoutes(),
    { path: 'getmicrozaccess', lazy: () => import('@/features/client/pages/get-microzaccess-page').then((m) => ({ Component: m.GetMicroZAccessPage })) },
  ];
}

/** The monitor sections of a gateway that are tables of what it reports (status-sections.tsx), each with its tabs. */
function statusSectionRoutes(): RouteObject[] {
  return (['network', 'sdwanstatus', 'ipsec', 'firewallstatus', 'url-ops', 'logs'] as const).map((section) => ({
    path: `device/status/${section}/*`,
    lazy: () => import('@/features/device-status/pages/status-section-page').then((m) => ({ element: <m.StatusSectionPage section={section} /> })),
  }));
}

/** A product's subtree behind the subscription and active-dashboard guard. */
export function productRoutes(product: ProductKey): RouteObject {
  const fleet = product === 'sdwan' || product === 'ztna';
  return {
    path: product,
    loader: productGuard(product),
    shouldRevalidate: revalidateOnNavigation,
    children: [
      { index: true, ...redirectTo(paths.product.dashboard(product)) },
      {
        path: 'dashboard',
        // SD-WAN and ZTNA have their live fleet dashboards; the other products keep their placeholder.
        lazy: fleet
          ? () => import('./product-dashboard-route').then((m) => ({ element: <m.ProductDashboardRoute product={product} /> }))
          : () => import('@/features/products/pages/product-dashboard-page').then((m) => ({ element: <m.ProductDashboardPage product={product} /> })),
      },
      ...(fleet ? consoleSections(product) : []),
    ],
  };
}

/** Teams and logs also exist outside a product, behind the role guard only (spec 000 §2.2). */
export const topLevelSections: RouteObject[] = teamsAndLogsRoutes(null);
