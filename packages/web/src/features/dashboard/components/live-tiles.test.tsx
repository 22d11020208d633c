import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DeviceRow, TenantInfo } from '@netloom/domain';
import { useFleetDevices } from '@/lib/live/get-fleet-devices';
import { sessionStore } from '@/lib/session/session-store';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { ProductDashboard } from './product-dashboard';

// jsdom has no WebGL: the map is not what this test is about.
vi.mock('./map/fleet-map-card', () => ({ FleetMapCard: () => null }));

const TENANT = '00000000-0000-4000-8000-00000000000a';
const north = deviceRow('n1', { name: 'edge-north' });
const south = deviceRow('s1', { name: 'edge-south' });
/** What the server counted a moment ago: by the time it is pushed again it may already be stale. */
const counted: TenantInfo = {
  devices: 2,
  links: 2,
  online_devices: 2,
  active_links: 2,
  inactive_links: 0,
  total_networks: 1,
  deployed_devices: 2,
  offline_devices: 0,
  users: 0,
  online_users: 0,
};

/** The device table's stand-in: the rows of the same live cache entry, with their status. */
function DeviceRows() {
  const rows = useFleetDevices(TENANT, null, 'device').data ?? [];
  return (
    <ul aria-label="Devices">
      {rows.map((r) => (
        <li key={r.id}>{`${r.name}: ${r.deviceStatus}`}</li>
      ))}
    </ul>
  );
}

const tile = (key: keyof TenantInfo) => screen.getByTestId(`tile-${key}`).textContent;

describe('dashboard tiles on the live feed', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    FakeSocket.all = [];
  });

  it('a device that goes offline changes its row and the tiles in the same update, whatever the server last counted', async () => {
    signIn('owner');
    vi.stubGlobal('WebSocket', FakeSocket);
    fakeApi({ 'GET device/list/': () => pageOf([north, south]), 'GET tenant/tenant-info/': () => counted });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <ProductDashboard product="sdwan" tenantId={TENANT} networkId={null} deviceArea={<DeviceRows />} />
        </MemoryRouter>,
      ),
    );
    const rows = within(await screen.findByRole('list', { name: 'Devices' }));
    await waitFor(() => expect(tile('online_devices')).toBe('2'));
    await waitFor(() => expect(FakeSocket.all.at(-1)?.sent.length).toBeGreaterThan(0));
    const socket = FakeSocket.all.at(-1)!;

    const unreachable: DeviceRow = { ...north, deviceStatus: 'error', currentStatus: 'error', wan_status: [{ ...north.wan_status[0]!, status: 'down' }] };
    act(() => socket.receive({ deviceinfo: [unreachable], partial: true }));
    await waitFor(() => expect(rows.getByText('edge-north: error')).toBeTruthy());
    // Read in the same task as the row: the tiles came with it, not from a later recount.
    expect([tile('online_devices'), tile('offline_devices'), tile('active_links'), tile('inactive_links')]).toEqual(['1', '1', '1', '1']);

    // The server's recount arrives later and still says both are online: the rows decide, the server only counts device groups.
    act(() => socket.receive({ tenantinfo: { ...counted, total_networks: 3 } }));
    await waitFor(() => expect(tile('total_networks')).toBe('3'));
    expect([tile('online_devices'), tile('offline_devices')]).toEqual(['1', '1']);
    expect(rows.getByText('edge-south: running')).toBeTruthy();
  });
});
