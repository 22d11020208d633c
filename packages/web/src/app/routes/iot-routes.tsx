import type { RouteObject } from 'react-router';
import { paths } from '@/paths';
import { redirectTo } from './redirect-route';

/**
 * IoT Gateway's pages: the overview (the dashboard), the discovered devices and each device's
 * page, and under Organization the segments and the telemetry forwarding rules.
 */
export function iotRoutes(): RouteObject[] {
  return [
    { path: 'dashboard', lazy: () => import('@/features/iot/pages/iot-overview-page').then((m) => ({ Component: m.IotOverviewPage })) },
    { path: 'devices', lazy: () => import('@/features/iot/pages/iot-devices-page').then((m) => ({ Component: m.IotDevicesPage })) },
    { path: 'devices/:deviceId', lazy: () => import('@/features/iot/pages/iot-device-page').then((m) => ({ Component: m.IotDevicePage })) },
    { path: 'organization', ...redirectTo(paths.iot.segments) },
    { path: 'organization/segments', lazy: () => import('@/features/iot/pages/iot-segments-page').then((m) => ({ Component: m.IotSegmentsPage })) },
    {
      path: 'organization/forwarding-rules',
      lazy: () => import('@/features/iot/pages/iot-forward-rules-page').then((m) => ({ Component: m.IotForwardRulesPage })),
    },
  ];
}
