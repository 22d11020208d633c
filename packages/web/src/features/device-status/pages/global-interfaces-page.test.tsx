import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { deviceRow } from '@/test/device-row';
import { sessionStore } from '@/lib/session/session-store';
import { GlobalInterfacesPage } from './global-interfaces-page';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('WAN links of all gateways (globalInterface)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("lists every gateway's WAN links with their state and how long ago the gateway reported them; unknown when it is not reachable", async () => {
    const paris = deviceRow('paris', {
      name: 'edge-paris',
      lastSeenTime: ago(2 * 60_000),
      wan_status: [
        { name: 'WAN1', ifname: 'eth0', status: 'up', weight: 1 },
        { name: 'WAN2', ifname: 'eth1', status: 'down', weight: 1 },
      ],
    });
    // Not reachable for hours: its last heartbeat said 'up', which says nothing of now.
    const lyon = deviceRow('lyon', {
      name: 'edge-lyon',
      deviceStatus: 'error',
      lastSeenTime: ago(3 * 3_600_000),
      wan_status: [{ name: 'WAN1', ifname: 'eth0', status: 'up', weight: 2 }],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { count: 2, next: null, previous: null, results: [paris, lyon] })),
    );
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <GlobalInterfacesPage />
        </MemoryRouter>,
      ),
    );
    const table = await screen.findByRole('table', { name: 'WAN links of all gateways' });
    await within(table).findAllByText('edge-paris');
    const row = (device: string, wan: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(device) && r.textContent.includes(wan))!;
    expect(within(table).getByRole('columnheader', { name: /Reported/ })).toBeTruthy();
    expect(row('edge-paris', 'WAN2').textContent).toMatch(/down.*2 min ago/);
    expect(row('edge-paris', 'WAN1').textContent).toMatch(/up.*2 min ago/);
    expect(row('edge-lyon', 'WAN1').textContent).toMatch(/unknown.*3 h ago/);
    expect(row('edge-lyon', 'WAN1').textContent).not.toContain('up');
    expect(within(row('edge-lyon', 'WAN1')).getByText('unknown').closest('[title]')?.getAttribute('title')).toBe(
      'Last reported up; the device is not reachable now',
    );
  }, 15_000);

  it('tells two gateways of one name apart by their serials', async () => {
    const branch = (id: string, serial: string, ifname: string) =>
      deviceRow(id, { name: 'branch', serial, lastSeenTime: ago(60_000), wan_status: [{ name: 'WAN1', ifname, status: 'up', weight: 1 }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { count: 2, next: null, previous: null, results: [branch('a', 'SN-1', 'eth0'), branch('b', 'SN-2', 'eth7')] })),
    );
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <GlobalInterfacesPage />
        </MemoryRouter>,
      ),
    );
    const table = await screen.findByRole('table', { name: 'WAN links of all gateways' });
    expect((await within(table).findByText('branch · SN-1')).closest('tr')!.textContent).toContain('eth0');
    expect(within(table).getByText('branch · SN-2').closest('tr')!.textContent).toContain('eth7');
  });
});
