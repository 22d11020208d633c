import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { DeviceRow } from '@netloom/domain';
import { renderWithProviders } from '../../../test/render';

export const D1 = '11111111-1111-4111-8111-111111111111';
export const D2 = '22222222-2222-4222-8222-222222222222';
export const D3 = '33333333-3333-4333-8333-333333333333';

export function device(id: string, over: Partial<DeviceRow> = {}): DeviceRow {
  return {
    id,
    name: `edge-${id.slice(0, 4)}`,
    device_name: `edge-${id.slice(0, 4)}`,
    deviceType: 'gateway',
    createdBy: 'olivia@acme.test',
    username: null,
    deviceStatus: 'running',
    currentStatus: 'running',
    approved: true,
    active: true,
    lastSeenTime: '2025-01-02T10:00:00Z',
    createdDateTime: '2025-01-01T10:00:00Z',
    os: 'NetloomOS',
    model: 'NL-100',
    version: '1.0.0',
    macAddress: null,
    location: 'Chennai',
    latitude: 13.08,
    longitude: 80.27,
    geographicalZone: null,
    publicIp: '203.0.113.10',
    vpnIp: null,
    ipAddress: null,
    network_id: null,
    wan_status: [
      { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 },
      { name: 'WAN2', status: 'down', ifname: 'eth1', weight: 1 },
    ],
    lb_status: null,
    traffic: [],
    configSync: 'synced',
    ...over,
  };
}

export function renderInApp(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sdwan/dashboard']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
