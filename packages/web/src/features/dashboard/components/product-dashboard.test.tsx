import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { DeviceRow, TenantInfo } from '@netloom/domain';
import { fleetSelection, useSelectedDevice } from '@/lib/fleet-selection';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { ProductDashboard } from './product-dashboard';

const fleet = vi.hoisted(() => ({
  value: { devices: undefined as unknown[] | undefined, tenantInfo: undefined as unknown, networkError: false },
}));
vi.mock('@/lib/live/use-live-fleet', () => ({ useLiveFleet: () => fleet.value }));
// jsdom has no WebGL: the map stands in as one button per marker, reporting a click as the real map does.
vi.mock('./map/fleet-map-card', () => ({
  FleetMapCard: ({ devices, onSelectDevice }: { devices: DeviceRow[]; onSelectDevice?: (id: string) => void }) => (
    <div data-testid="fleet-map">
      {devices.map((d) => (
        <button key={d.id} onClick={() => onSelectDevice?.(d.id)}>{`Marker ${d.name}`}</button>
      ))}
    </div>
  ),
}));

const info: TenantInfo = {
  devices: 2,
  links: 3,
  online_devices: 1,
  active_links: 2,
  inactive_links: 1,
  total_networks: 0,
  deployed_devices: 2,
  offline_devices: 1,
  users: 4,
  online_users: 2,
};

const usageGraph = { netflow: true, urlStats: false };

const wan = (name: string, status: 'up' | 'down') => ({ name, status, ifname: name.toLowerCase(), weight: 1 });
/** Two gateways as the counts of `info` describe them: one running, one not reachable, three links of which two are up. */
const gateways = () => [deviceRow('a'), deviceRow('b', { deviceStatus: 'error', wan_status: [wan('WAN1', 'up'), wan('WAN2', 'down')] })];

function renderDashboard(product: 'sdwan' | 'ztna' = 'sdwan', onEmptyChange?: (empty: boolean) => void) {
  return renderWithProviders(
    <MemoryRouter>
      <ProductDashboard product={product} tenantId="t1" networkId={null} deviceArea={<div data-testid="device-card" />} onEmptyChange={onEmptyChange} />
    </MemoryRouter>,
  );
}

describe('product dashboard layout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('with devices: tiles (loaders until the counts arrive), map and the device card', () => {
    fleet.value = { devices: gateways(), tenantInfo: undefined, networkError: false };
    const { rerender } = renderDashboard();
    expect(screen.getByLabelText('Loading Total Devices')).toBeTruthy();
    expect(screen.getByTestId('fleet-map')).toBeTruthy();
    fleet.value = { ...fleet.value, tenantInfo: info };
    rerender(
      <MemoryRouter>
        <ProductDashboard product="sdwan" tenantId="t1" networkId={null} deviceArea={<div data-testid="device-card" />} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('tile-active_links').textContent).toBe('2');
    expect(screen.getByTestId('tile-total_networks').textContent).toBe('0');
  });

  it('counts the tiles from the rows it shows, so a device that goes offline changes its tile in the same render', () => {
    fleet.value = { devices: gateways(), tenantInfo: { ...info, online_devices: 9, offline_devices: 9 }, networkError: false };
    const { rerender } = renderDashboard();
    expect(screen.getByTestId('tile-devices').textContent).toBe('2');
    expect(screen.getByTestId('tile-online_devices').textContent).toBe('1');
    expect(screen.getByTestId('tile-offline_devices').textContent).toBe('1');
    expect(screen.getByTestId('tile-inactive_links').textContent).toBe('1');

    fleet.value = { ...fleet.value, devices: [deviceRow('a', { deviceStatus: 'error', wan_status: [wan('WAN1', 'down')] }), gateways()[1]!] };
    rerender(
      <MemoryRouter>
        <ProductDashboard product="sdwan" tenantId="t1" networkId={null} deviceArea={<div data-testid="device-card" />} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('tile-online_devices').textContent).toBe('0');
    expect(screen.getByTestId('tile-offline_devices').textContent).toBe('2');
    expect(screen.getByTestId('tile-active_links').textContent).toBe('1');
    expect(screen.getByTestId('tile-inactive_links').textContent).toBe('2');
  });

  it('shows the traffic panel it is given only once a device exists, like the map', () => {
    fleet.value = { devices: gateways(), tenantInfo: info, networkError: false };
    const traffic = <div data-testid="traffic-panel" />;
    const { rerender } = renderWithProviders(
      <MemoryRouter>
        <ProductDashboard product="sdwan" tenantId="t1" networkId={null} deviceArea={null} trafficArea={traffic} graphSettings={usageGraph} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('traffic-panel')).toBeTruthy();
    fleet.value = { ...fleet.value, devices: [] };
    rerender(
      <MemoryRouter>
        <ProductDashboard product="sdwan" tenantId="t1" networkId={null} deviceArea={null} trafficArea={traffic} graphSettings={usageGraph} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('traffic-panel')).toBeNull();
  });

  it("ZTNA tiles count each user once, online through any online endpoint; a count the server left out shows ' - '", () => {
    const endpoint = (id: string, username: string, deviceStatus: string) => deviceRow(id, { deviceType: 'endpoint', username, deviceStatus, wan_status: [] });
    fleet.value = {
      devices: [endpoint('a', 'ana@acme.test', 'connected'), endpoint('b', 'ana@acme.test', 'offline'), endpoint('c', 'bob@acme.test', 'offline')],
      tenantInfo: info,
      networkError: false,
    };
    const { unmount } = renderDashboard('ztna');
    expect(screen.getByTestId('tile-users').textContent).toBe('2');
    expect(screen.getByTestId('tile-online_users').textContent).toBe('1');
    expect(screen.getByTestId('tile-offline_devices').textContent).toBe('2');
    unmount();

    fleet.value = { devices: gateways(), tenantInfo: { ...info, total_networks: undefined }, networkError: false };
    renderDashboard('sdwan');
    expect(screen.getByTestId('tile-total_networks').textContent).toBe(' - ');
  });

  it('without devices: only the device card, centred, and the dashboard says its fleet is empty (the tour starts from that)', () => {
    fleet.value = { devices: [], tenantInfo: info, networkError: false };
    const onEmptyChange = vi.fn();
    renderDashboard('sdwan', onEmptyChange);
    expect(screen.queryByTestId('fleet-tiles')).toBeNull();
    expect(screen.queryByTestId('fleet-map')).toBeNull();
    expect(screen.getByTestId('device-area-alone')).toBeTruthy();
    expect(onEmptyChange).toHaveBeenLastCalledWith(true);
  });

  it('while the devices load, and once there are some, the fleet is not called empty', () => {
    fleet.value = { devices: undefined, tenantInfo: undefined, networkError: false };
    const onEmptyChange = vi.fn();
    renderDashboard('sdwan', onEmptyChange);
    expect(onEmptyChange).not.toHaveBeenCalledWith(true);
  });
});

describe('product dashboard in the tenant layout', () => {
  const areas = {
    deviceArea: <div data-testid="device-card" />,
    trafficArea: <div data-testid="traffic-panel" />,
    webFilterArea: <div data-testid="webfilter-panel" />,
  };
  /** The widgets in the order they are drawn, by the place the guided tours know them by. */
  const drawnOrder = (container: HTMLElement) =>
    [...container.querySelectorAll('[data-tour="map"], [data-tour="statusVisibility"], [data-tour="deviceList"], [data-testid="fleet-tiles"]')].map(
      (e) => e.getAttribute('data-tour') ?? 'tiles',
    );

  it('draws the widgets in the saved order and leaves out the hidden ones; the tours still find them', () => {
    fleet.value = { devices: gateways(), tenantInfo: info, networkError: false };
    const layout = {
      widgets: [
        { id: 'devices' as const, shown: true },
        { id: 'tiles' as const, shown: true },
        { id: 'map' as const, shown: false },
        { id: 'traffic' as const, shown: true },
      ],
    };
    const { container } = renderWithProviders(
      <MemoryRouter>
        <ProductDashboard product="sdwan" tenantId="t1" networkId={null} {...areas} graphSettings={usageGraph} layout={layout} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('fleet-map')).toBeNull();
    expect(drawnOrder(container)).toEqual(['deviceList', 'tiles', 'statusVisibility']);
    expect(screen.getByTestId('traffic-panel')).toBeTruthy();
    // SD-WAN has no web-filter graphs, whatever the settings.
    expect(screen.queryByTestId('webfilter-panel')).toBeNull();
  });

  it('the settings still decide the graphs: on ZTNA with URL Stats on, the web-filter graphs and not the chart panel', () => {
    fleet.value = { devices: gateways(), tenantInfo: info, networkError: false };
    const { container } = renderWithProviders(
      <MemoryRouter>
        <ProductDashboard product="ztna" tenantId="t1" networkId={null} {...areas} graphSettings={{ netflow: true, urlStats: true }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('webfilter-panel')).toBeTruthy();
    expect(screen.queryByTestId('traffic-panel')).toBeNull();
    expect(drawnOrder(container)).toEqual(['tiles', 'map', 'statusVisibility', 'deviceList']);
  });

  it('without devices the device card stands alone, whatever the layout', () => {
    fleet.value = { devices: [], tenantInfo: info, networkError: false };
    const layout = {
      widgets: [
        { id: 'map' as const, shown: true },
        { id: 'devices' as const, shown: true },
      ],
    };
    renderWithProviders(
      <MemoryRouter>
        <ProductDashboard product="sdwan" tenantId="t1" networkId={null} {...areas} graphSettings={usageGraph} layout={layout} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('device-area-alone')).toBeTruthy();
    expect(screen.queryByTestId('fleet-map')).toBeNull();
    expect(screen.queryByTestId('traffic-panel')).toBeNull();
  });
});

/** The header's view of the selection: what the device picker button shows. */
function SelectedDeviceName() {
  return <span data-testid="selected-device">{useSelectedDevice()?.name ?? 'Select Device'}</span>;
}

describe('product dashboard map', () => {
  afterEach(() => fleetSelection.selectNetwork(null));

  it('a marker click selects the device as the header picker does and opens its page', async () => {
    fleet.value = { devices: [deviceRow('a', { name: 'edge-pune' }), deviceRow('b', { name: 'edge-goa' })], tenantInfo: info, networkError: false };
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <SelectedDeviceName />
              <Outlet />
            </>
          ),
          children: [
            { path: '/sdwan/dashboard', element: <ProductDashboard product="sdwan" tenantId="t1" networkId={null} deviceArea={null} /> },
            { path: '/loading', element: <p>Loading…</p> },
            { path: '/sdwan/device/status/network/routes', element: <h1>Monitor</h1> },
          ],
        },
      ],
      { initialEntries: ['/sdwan/dashboard'] },
    );
    const { user } = renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByTestId('selected-device').textContent).toBe('Select Device');

    await user.click(screen.getByRole('button', { name: 'Marker edge-goa' }));
    expect(await screen.findByRole('heading', { name: 'Monitor' })).toBeTruthy();
    expect(screen.getByTestId('selected-device').textContent).toBe('edge-goa');
    expect(fleetSelection.get().device).toEqual({ id: 'b', name: 'edge-goa' });
  });
});
