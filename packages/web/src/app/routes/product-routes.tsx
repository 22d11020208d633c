import { redirect, type RouteObject } from 'react-router';
import { NETFLOW_PAGES, dashboardName, type ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import type { NotBuiltKey } from '@/features/products/pages/not-built-page';
import { revalidateOnNavigation, productGuard } from '@/app/guards/loaders';
import { teamsAndLogsRoutes } from './organisation-routes';
import { redirectRoute, redirectTo } from './redirect-route';
import { demRoutes } from './dem-routes';
import { iotRoutes } from './iot-routes';
import { ndrRoutes } from './ndr-routes';
import { rumRoutes } from './rum-routes';
import { wafRoutes } from './waf-routes';
import { webFilterAnalyticsRoutes } from './web-filter-analytics-routes';
import { ztnaAccessRoutes } from './ztna-routes';
import { networkRoutes, sdwanOrganizationRoutes } from './organization-section-routes';

/** A page of the spec this version does not have: it says so, and nothing more. */
function notBuilt(product: ProductKey, path: string, page: NotBuiltKey): RouteObject {
  return {
    path,
    lazy: () =>
      import('@/features/products/pages/not-built-page').then(({ NOT_BUILT, NotBuiltPage }) => ({
        element: <NotBuiltPage product={product} page={NOT_BUILT[page]} />,
      })),
  };
}

/**
 * A product's pages this version does not have yet (QShield's still to come): each says so,
 * naming the product, rather than an empty fleet that reads as if the product worked.
 */
function productNotBuilt(product: ProductKey, path: string): RouteObject {
  return {
    path,
    lazy: () =>
      import('@/features/products/pages/not-built-page').then(({ NotBuiltPage }) => ({ element: <NotBuiltPage page={{ title: dashboardName(product) }} /> })),
  };
}

/** SD-WAN configuration: the gateway overview, each family's page, and the templates with their own family pages. */
const configurationRoutes: RouteObject[] = [
  { path: 'device/configure', lazy: () => import('@/features/device-config/pages/configure-page').then((m) => ({ Component: m.ConfigurePage })) },
  // Diagnostics run on the gateway rather than configure it: their own page, with the spec's tabs.
  {
    path: 'device/configure/diagnostics/*',
    lazy: () => import('@/features/diagnostics/pages/diagnostics-page').then((m) => ({ Component: m.DiagnosticsPage })),
  },
  {
    path: 'device/configure/:family/*',
    lazy: () => import('./config-family-route').then(({ ConfigFamilyRoute }) => ({ element: <ConfigFamilyRoute mode="device" /> })),
  },
  // Config Templates' tabs (spec 000 §2.15 `configtemp (config, udt)`); the bare section opens the first, keeping a push's ?operation=.
  {
    path: 'organization/configtemp',
    ...redirectRoute(({ request }) => redirect(`${paths.product.configTemplatesList('sdwan')}${new URL(request.url).search}`)),
  },
  {
    path: 'organization/configtemp/config',
    lazy: () => import('@/features/device-config/pages/templates-page').then((m) => ({ Component: m.TemplatesPage })),
  },
  {
    path: 'organization/configtemp/udt',
    lazy: () => import('@/features/device-config/pages/device-templates-page').then((m) => ({ Component: m.DeviceTemplatesPage })),
  },
  {
    path: 'organization/configtemp/configtempedit/:family/*',
    lazy: () => import('./config-family-route').then(({ ConfigFamilyRoute }) => ({ element: <ConfigFamilyRoute mode="template" /> })),
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

/** Sections of sdwan and ztna (spec 000 §2.2); a path the spec does not name falls through to the 404 page. */
function consoleSections(p: 'sdwan' | 'ztna'): RouteObject[] {
  const shared: RouteObject[] = [
    {
      path: 'tenant-customize-dashboard',
      lazy: () => import('./customize-dashboard-route').then(({ CustomizeDashboardRoute }) => ({ element: <CustomizeDashboardRoute product={p} /> })),
    },
    ...networkRoutes(p),
    // The bare Organization opens its first page, Inventory; System tools › Users is Teams › Users on both consoles.
    { path: 'organization', ...redirectTo(paths.product.inventory(p)) },
    { path: 'organization/systemtools/users', ...redirectTo(paths.product.teamsUsers(p)) },
    // ZTNA's inventory is the zero-trust one (enrolled, approve and rejected tabs, ztna-routes.tsx).
    ...(p === 'sdwan'
      ? [
          {
            path: 'organization/inventory/*',
            lazy: () => import('@/features/devices/pages/inventory-page').then(({ InventoryPage }) => ({ element: <InventoryPage product={p} /> })),
          },
          ...configurationRoutes,
          ...sdwanOrganizationRoutes(),
        ]
      : [
          ...ztnaAccessRoutes(),
          ...webFilterRoutes,
          { path: 'organization/systemtools', ...redirectTo(paths.product.reportGeneration(p)) },
          // Organization › Configure (spec 000 §2.16) on ZTNA is the overlay: security groups first.
          { path: 'organization/configure', ...redirectTo(paths.ztna.overlay('security-group')) },
          // Config templates are SD-WAN's; a ZTNA endpoint's configuration is its profiles.
          notBuilt(p, 'organization/configtemp/*', 'configTemplates'),
        ]),
    {
      path: 'organization/systemtools/reportGeneration',
      lazy: () =>
        import('@/features/reports/pages/report-generation-page').then(({ ReportGenerationPage }) => ({ element: <ReportGenerationPage product={p} /> })),
    },
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
      // The device picker leads to the bare section (spec 000 §2.19): it opens the network status, keeping the gateway.
      {
        path: 'device/status',
        ...redirectRoute(({ request }) => redirect(`${paths.product.deviceStatus('sdwan')}${new URL(request.url).search}`)),
      },
    ];
  }
  return [
    ...shared,
    // An endpoint's status is MicroZAccess status.
    { path: 'device/status/*', ...redirectTo(paths.ztna.mzaStatus) },
    ...webFilterAnalyticsRoutes(),
    { path: 'getmicrozaccess', lazy: () => import('@/features/client/pages/get-microzaccess-page').then((m) => ({ Component: m.GetMicroZAccessPage })) },
  ];
}

/** The monitor sections of a gateway that are tables of what it reports (status-sections.tsx), each with its tabs. */
function statusSectionRoutes(): RouteObject[] {
  return (['network', 'sdwanstatus', 'ipsec', 'firewallstatus', 'url-ops', 'logs'] as const).map((section) => ({
    path: `device/status/${section}/*`,
    lazy: () =>
      import('@/features/device-status/pages/status-section-page').then(({ StatusSectionPage }) => ({ element: <StatusSectionPage section={section} /> })),
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
      ...(fleet
        ? [
            {
              path: 'dashboard',
              lazy: () => import('./product-dashboard-route').then(({ ProductDashboardRoute }) => ({ element: <ProductDashboardRoute product={product} /> })),
            },
            ...consoleSections(product),
          ]
        : product === 'waf'
          ? [...wafRoutes(), productNotBuilt(product, '*')]
          : product === 'dem'
            ? demRoutes()
            : product === 'rum'
              ? rumRoutes()
              : product === 'ndr'
                ? ndrRoutes()
                : product === 'iot-gateway'
                  ? iotRoutes()
                  : [productNotBuilt(product, 'dashboard'), productNotBuilt(product, '*')]),
    ],
  };
}

/** Teams and logs also exist outside a product, behind the role guard only (spec 000 §2.2). */
export const topLevelSections: RouteObject[] = teamsAndLogsRoutes(null);
