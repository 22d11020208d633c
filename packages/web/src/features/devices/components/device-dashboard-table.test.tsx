import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DeviceRow } from '@netloom/domain';
import { DeviceDashboardTable } from './device-dashboard-table';
import { D1, D2, D3, device, renderInApp } from './device-table.fixtures';

const fleet = vi.hoisted(() => ({
  value: { devices: undefined as DeviceRow[] | undefined, loading: false, networkError: false, retry: vi.fn(), status: 'live' },
}));
vi.mock('@/lib/live/use-live-fleet', () => ({ useLiveFleet: () => fleet.value }));

function withDevices(devices: DeviceRow[] | undefined, over: Partial<typeof fleet.value> = {}) {
  fleet.value = { devices, loading: false, networkError: false, retry: vi.fn(), status: 'live', ...over };
}

const table = () => screen.getByRole('table', { name: 'Devices' });

describe('device dashboard table', () => {
  beforeEach(() => withDevices([]));

  it('SD-WAN rows: cut names with the full name kept, owner, status labels, WAN badge colours', () => {
    withDevices([
      device(D1, { name: 'branch-office-mumbai-01' }),
      device(D2, { deviceStatus: 'error', wan_status: [{ name: 'LTE', status: 'unknown', ifname: 'wwan0', weight: 1 }] }),
      device(D3, { lastSeenTime: null }),
    ]);
    renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    expect(within(table()).getByText('branch-office-m...').getAttribute('aria-label')).toBe('branch-office-mumbai-01');
    expect(within(table()).getAllByText('olivia')).toHaveLength(3);
    expect(within(table()).getByText('Not Reachable')).toBeTruthy();
    expect(within(table()).getAllByText('Registered').length).toBeGreaterThanOrEqual(2); // status and last seen
    expect(within(table()).getAllByLabelText('WAN1 up')[0]!.getAttribute('data-wan-colour')).toBe('green');
    expect(within(table()).getAllByLabelText('WAN2 down')[0]!.getAttribute('data-wan-colour')).toBe('orangered');
    expect(within(table()).getByLabelText('LTE unknown').getAttribute('data-wan-colour')).toBe('amber');
    expect(within(table()).queryByRole('columnheader', { name: /WAN 3/ })).toBeNull();
  });

  it('shows the serial under the name of gateways that share a name, and only theirs', () => {
    withDevices([device(D1, { name: 'branch', serial: 'SN-1' }), device(D2, { name: 'Branch', serial: 'SN-2' }), device(D3, { name: 'hq', serial: 'SN-3' })]);
    renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    const rowOf = (name: string) => within(table()).getByText(name).closest('tr')!;
    expect(within(rowOf('branch')).getByText('SN-1')).toBeTruthy();
    expect(within(rowOf('Branch')).getByText('SN-2')).toBeTruthy();
    expect(within(rowOf('hq')).queryByText('SN-3')).toBeNull();
  });

  it('a third WAN column needs a device with 3 links and the tenant wan3 setting', () => {
    const three = device(D1, {
      wan_status: [
        { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 },
        { name: 'WAN2', status: 'up', ifname: 'eth1', weight: 1 },
        { name: 'WAN3', status: 'up', ifname: 'eth2', weight: 1 },
      ],
    });
    withDevices([three]);
    const { unmount } = renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    expect(screen.queryByRole('columnheader', { name: /WAN 3/ })).toBeNull();
    unmount();
    renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} wan3Enabled />);
    expect(screen.getByRole('columnheader', { name: /WAN 3/ })).toBeTruthy();
  });

  it('pages 10 rows by default with the dashboard choices 5, 10, 15, 20 and None', async () => {
    withDevices(Array.from({ length: 12 }, (_, i) => device(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, { name: `dev-${i}` })));
    const { user } = renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '15', '20', 'None']);
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
    await user.selectOptions(select, 'None');
    expect(within(table()).getAllByRole('row')).toHaveLength(13);
  });

  it('ZTNA shows user, OS and VPN IP and no WAN columns', () => {
    withDevices([device(D1, { deviceType: 'endpoint', deviceStatus: 'connected', os: 'windows', vpnIp: '10.8.0.2', username: 'maya@acme.test' })]);
    renderInApp(<DeviceDashboardTable product="ztna" tenantId="t1" networkId={null} />);
    expect(within(table()).getByText('maya')).toBeTruthy();
    expect(within(table()).getByText('10.8.0.2')).toBeTruthy();
    expect(within(table()).getByText('Connected')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /WAN/ })).toBeNull();
  });

  it('empty states: ZTNA welcomes and links the client, SD-WAN only says so', () => {
    const { unmount } = renderInApp(<DeviceDashboardTable product="ztna" tenantId="t1" networkId={null} />);
    expect(screen.getByText('No Devices Configured')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the client app' }).getAttribute('href')).toBe('/ztna/getmicrozaccess');
    unmount();
    renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    expect(screen.getByText('No Devices Configured')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download the client app' })).toBeNull();
  });

  it('a network error shows the retry panel, and Retry asks again', async () => {
    withDevices(undefined, { networkError: true });
    const { user } = renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    expect(screen.getByText('Network Error, Unable to connect to server')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(fleet.value.retry).toHaveBeenCalledTimes(1);
  });

  it("filters through 'Select Filters' with the domain's status rule", async () => {
    withDevices([device(D1, { name: 'up-one' }), device(D2, { name: 'down-one', deviceStatus: 'error' }), device(D3, { name: 'new-one', lastSeenTime: null })]);
    const { user } = renderInApp(<DeviceDashboardTable product="sdwan" tenantId="t1" networkId={null} />);
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Filters' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Offline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(table()).queryByText('up-one')).toBeNull());
    expect(within(table()).getByText('down-one')).toBeTruthy();
    expect(within(table()).queryByText('new-one')).toBeNull();
  });
});
