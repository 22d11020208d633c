import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * SD-WAN › Organization's monitor and system tools (spec 000 §2.15). Each section's bare path
 * opens its first page; a word of the spec's path is never read as an id.
 */
export function sdwanOrganizationRoutes(): RouteObject[] {
  const p = 'sdwan';
  return [
    { path: 'organization/monitor', ...redirectTo(paths.product.vpnStatus) },
    { path: 'organization/monitor/alarms', ...redirectTo(paths.product.organisationAlarms) },
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
    { path: 'organization/systemtools', ...redirectTo(paths.product.teamsUsers(p)) },
    {
      path: 'organization/systemtools/globalNotification',
      lazy: () => import('@/features/alarms/pages/notification-channels-page').then((m) => ({ Component: m.NotificationChannelsPage })),
    },
    // Organization › Configure (spec 000 §2.16) is the device groups' configuration.
    { path: 'organization/configure', ...redirectTo(paths.product.networkConfigure(p)) },
  ];
}

/** Network › Configure and Monitor (spec 000 §2.15 `network (configure, monitor)`), before a group's own page. */
export function networkRoutes(p: 'sdwan' | 'ztna'): RouteObject[] {
  const groups = () => import('@/features/devices/pages/device-groups-page').then(({ DeviceGroupsPage }) => ({ element: <DeviceGroupsPage product={p} /> }));
  return [
    { path: 'network', lazy: groups },
    { path: 'network/configure', lazy: groups },
    {
      path: 'network/monitor',
      lazy: () => import('@/features/devices/pages/network-monitor-page').then(({ NetworkMonitorPage }) => ({ element: <NetworkMonitorPage product={p} /> })),
    },
    { path: 'network/:networkId', lazy: () => import('./device-group-route').then((m) => ({ Component: m.DeviceGroupRoute })) },
  ];
}
