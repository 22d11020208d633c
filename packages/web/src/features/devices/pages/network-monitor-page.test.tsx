import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeApi } from '@/test/fake-api';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { NetworkMonitorPage } from './network-monitor-page';

const PARIS = '11111111-1111-4111-8111-111111111111';
const info = (over: Record<string, number>) => ({
  devices: 0,
  links: 0,
  online_devices: 0,
  active_links: 0,
  inactive_links: 0,
  total_networks: 1,
  deployed_devices: 0,
  offline_devices: 0,
  users: 0,
  online_users: 0,
  ...over,
});

describe('Network › Monitor', () => {
  signedInAs('viewer');

  it('shows how each device group stands, asking the status monitor of each group by its id', async () => {
    const api = fakeApi({
      'GET network/list/': () => [{ id: PARIS, networkName: 'Paris branches', devices: 3 }],
      [`GET network/status-monitor/${PARIS}/`]: () => info({ devices: 3, online_devices: 2, offline_devices: 1, active_links: 4, inactive_links: 2 }),
    });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={['/sdwan/network/monitor']}>
          <NetworkMonitorPage product="sdwan" />
        </MemoryRouter>,
      ),
    );
    const table = await screen.findByRole('table', { name: 'Device group status' });
    const row = (await within(table).findByText('Paris branches')).closest('tr')!;
    await within(row).findByText('4');
    expect([...row.querySelectorAll('td')].map((c) => c.textContent).slice(0, 6)).toEqual(['Paris branches', '3', '2', '1', '4', '2']);
    // Only real group ids reach the server: never a word of the page's path.
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith('network/status-monitor/'))).toEqual([`network/status-monitor/${PARIS}/`]);
    expect(screen.queryByText('There was a problem connecting to server')).toBeNull();
  });
});
