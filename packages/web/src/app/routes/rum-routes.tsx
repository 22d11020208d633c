import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * RUM's page (spec 000 §2.13: real-user monitoring with two tabs, app site and website), each tab
 * with its sections (performance, errors, sessions and a session's journey, alerts, sites), and the
 * channels its alerts go to (the alarms' own page, shared with the other consoles).
 */
export function rumRoutes(): RouteObject[] {
  return [
    { path: 'dashboard', ...redirectTo(paths.rum.tab('app')) },
    { path: 'app-site', ...redirectTo(paths.rum.tab('app')) },
    { path: 'website', ...redirectTo(paths.rum.tab('website')) },
    {
      path: 'app-site/*',
      lazy: () => import('@/features/rum/pages/rum-page').then(({ RumPage }) => ({ element: <RumPage kind="app" /> })),
    },
    {
      path: 'website/*',
      lazy: () => import('@/features/rum/pages/rum-page').then(({ RumPage }) => ({ element: <RumPage kind="website" /> })),
    },
    { path: 'organization', ...redirectTo(paths.rum.notifications) },
    {
      path: 'organization/notifications',
      lazy: () => import('@/features/alarms/pages/notification-channels-page').then((m) => ({ Component: m.NotificationChannelsPage })),
    },
  ];
}
