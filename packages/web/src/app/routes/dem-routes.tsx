import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * DEM's pages: the overview (the dashboard), the scores by application, user, location and
 * network, an application's detail, and the monitored applications with the channels their
 * alarms go to (the alarms' own page, shared with the other consoles).
 */
export function demRoutes(): RouteObject[] {
  return [
    { path: 'dashboard', lazy: () => import('@/features/dem/pages/dem-overview-page').then((m) => ({ Component: m.DemOverviewPage })) },
    { path: 'scores', ...redirectTo(paths.dem.scores()) },
    { path: 'scores/*', lazy: () => import('@/features/dem/pages/dem-scores-page').then((m) => ({ Component: m.DemScoresPage })) },
    { path: 'applications', ...redirectTo(paths.dem.applications) },
    {
      path: 'applications/:applicationId',
      lazy: () => import('@/features/dem/pages/dem-application-page').then((m) => ({ Component: m.DemApplicationPage })),
    },
    { path: 'alarms', lazy: () => import('@/features/dem/pages/dem-alarms-page').then((m) => ({ Component: m.DemAlarmsPage })) },
    { path: 'organization', ...redirectTo(paths.dem.applications) },
    {
      path: 'organization/applications',
      lazy: () => import('@/features/dem/pages/dem-applications-page').then((m) => ({ Component: m.DemApplicationsPage })),
    },
    {
      path: 'organization/notifications',
      lazy: () => import('@/features/alarms/pages/notification-channels-page').then((m) => ({ Component: m.NotificationChannelsPage })),
    },
  ];
}
