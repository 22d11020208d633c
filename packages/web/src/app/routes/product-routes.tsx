import { redirect, type RouteObject } from 'react-router';
import type { ProductKey } from '@netloom/domain';
import { paths } from '@/paths';
import { ProductDashboardPage } from '@/features/products/pages/product-dashboard-page';
import { ProductSectionPage, type SectionSpec } from '@/features/products/pages/product-section-page';
import { GetMicroZAccessPage } from '@/features/client/pages/get-microzaccess-page';
import { revalidateOnNavigation, productGuard } from '@/app/guards/loaders';
import { ProductDashboardRoute } from './product-dashboard-route';
import { teamsAndLogsRoutes } from './organisation-routes';

const S = {
  customize: { title: 'Customize Dashboard', empty: 'No Devices Configured' },
  network: { title: 'Network / Device Groups', empty: 'Create your First Network' },
  configure: { title: 'Configure', empty: 'Create your First Configuration', needsDevice: true },
  status: { title: 'Monitor', empty: 'No Status Available', needsDevice: true },
  mzaStatus: { title: 'MicroZAccess Status', empty: 'No Status Available', needsDevice: true },
  organization: { title: 'Organization', empty: 'Create your First Configuration' },
  monitor: { title: 'Organization Monitor', empty: 'No Status Available' },
  configTemplates: { title: 'Config Templates', empty: 'Create your First Config Template' },
  nac: { title: 'NAC', empty: 'Create your First Configuration' },
} satisfies Record<string, SectionSpec>;

function section(product: ProductKey, path: string, spec: SectionSpec): RouteObject {
  return { path, element: <ProductSectionPage product={product} section={spec} /> };
}

/** Sections of sdwan and ztna (spec 000 §2.2); deeper paths land on their section until built. */
function consoleSections(p: 'sdwan' | 'ztna'): RouteObject[] {
  const shared = [
    section(p, 'tenant-customize-dashboard', S.customize),
    section(p, 'network/*', S.network),
    section(p, 'device/configure/*', S.configure),
    section(p, 'organization/configtemp/*', S.configTemplates),
    section(p, 'organization/monitor/*', S.monitor),
    section(p, 'organization/*', S.organization),
    ...teamsAndLogsRoutes(p),
  ];
  if (p === 'sdwan') return [...shared, section(p, 'device/status/*', S.status)];
  return [
    ...shared,
    section(p, 'mza/status/*', S.mzaStatus),
    section(p, 'device/status/*', S.mzaStatus),
    section(p, 'nac/*', S.nac),
    { path: 'getmicrozaccess', element: <GetMicroZAccessPage /> },
  ];
}

/** A product's subtree behind the subscription and active-dashboard guard. */
export function productRoutes(product: ProductKey): RouteObject {
  return {
    path: product,
    loader: productGuard(product),
    shouldRevalidate: revalidateOnNavigation,
    children: [
      { index: true, loader: () => redirect(paths.product.dashboard(product)) },
      {
        path: 'dashboard',
        // SD-WAN and ZTNA have their live fleet dashboards; the other products keep their placeholder.
        element: product === 'sdwan' || product === 'ztna' ? <ProductDashboardRoute product={product} /> : <ProductDashboardPage product={product} />,
      },
      ...(product === 'sdwan' || product === 'ztna' ? consoleSections(product) : []),
    ],
  };
}

/** Teams and logs also exist outside a product, behind the role guard only (spec 000 §2.2). */
export const topLevelSections: RouteObject[] = teamsAndLogsRoutes(null);
