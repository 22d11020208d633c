import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import type { ReportTab } from '@/features/web-filter-analytics/pages/reports-page';
import { redirectTo } from './redirect-route';

const reportPage = (tab: ReportTab) => () =>
  import('@/features/web-filter-analytics/pages/reports-page').then(({ ReportsPage }) => ({ element: <ReportsPage key={tab} tab={tab} /> }));

/**
 * The web filter's reports and the logs' retention, relative to the ztna section
 * (spread into its routes beside the policy pages).
 */
export function webFilterAnalyticsRoutes(): RouteObject[] {
  return [
    { path: 'reports', ...redirectTo(paths.ztnaReports('url-rules')) },
    { path: 'reports/url-rules', lazy: reportPage('url-rules') },
    { path: 'reports/custom-urls', lazy: reportPage('custom-urls') },
    { path: 'reports/url-discovery', lazy: reportPage('url-discovery') },
    {
      path: 'logs-management',
      lazy: () => import('@/features/web-filter-analytics/pages/logs-management-page').then((m) => ({ Component: m.LogsManagementPage })),
    },
  ];
}
