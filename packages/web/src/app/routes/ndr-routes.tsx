import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * NDR's pages: the overview (the dashboard), the detections and each one's page, the hosts at
 * risk and each host's timeline, the response actions, and under Organization the detection
 * rules and the channels its alarms go to (the alarms' own page, shared with the other consoles).
 */
export function ndrRoutes(): RouteObject[] {
  return [
    { path: 'dashboard', lazy: () => import('@/features/ndr/pages/ndr-overview-page').then((m) => ({ Component: m.NdrOverviewPage })) },
    { path: 'detections', lazy: () => import('@/features/ndr/pages/ndr-detections-page').then((m) => ({ Component: m.NdrDetectionsPage })) },
    {
      path: 'detections/:detectionId',
      lazy: () => import('@/features/ndr/pages/ndr-detection-page').then((m) => ({ Component: m.NdrDetectionPage })),
    },
    { path: 'hosts', lazy: () => import('@/features/ndr/pages/ndr-hosts-page').then((m) => ({ Component: m.NdrHostsPage })) },
    { path: 'hosts/:hostIp', lazy: () => import('@/features/ndr/pages/ndr-host-page').then((m) => ({ Component: m.NdrHostPage })) },
    { path: 'actions', lazy: () => import('@/features/ndr/pages/ndr-actions-page').then((m) => ({ Component: m.NdrActionsPage })) },
    { path: 'organization', ...redirectTo(paths.ndr.rules) },
    { path: 'organization/rules', lazy: () => import('@/features/ndr/pages/ndr-rules-page').then((m) => ({ Component: m.NdrRulesPage })) },
    {
      path: 'organization/notifications',
      lazy: () => import('@/features/alarms/pages/notification-channels-page').then((m) => ({ Component: m.NotificationChannelsPage })),
    },
  ];
}
