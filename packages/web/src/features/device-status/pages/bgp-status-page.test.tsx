import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf } from '@/test/fake-api';
import { BgpStatusPage, TenantBgpPage } from './bgp-status-page';

const GW = '11111111-1111-4111-8111-111111111111';
const neighbour = { neighbour: '198.51.100.1', asn: 65001, state: 'Established', msg_sent: 10, msg_received: 12, prefixes: 1 };
const render = (url: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sdwan/device/status/bgp" element={<BgpStatusPage />} />
          <Route path="/sdwan/organization/monitor/globalBGP" element={<TenantBgpPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('BGP status', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("shows a gateway's local IP and ASN and its neighbours; No Status Available when BGP does not run", async () => {
    let running = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.includes('/device/list/')) return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
        if (init?.method === 'POST') return jsonResponse(202, { job_id: '22222222-2222-4222-8222-222222222222' });
        if (url.includes('/bgp_routes/')) {
          const route = { prefix: '0.0.0.0/0', next_hop: '198.51.100.1', neighbour: '198.51.100.1', as_path: '65001', best: true };
          return jsonResponse(200, { device_id: GW, kind: 'bgp_routes', at: new Date().toISOString(), snapshot: { kind: 'bgp_routes', entries: [route] } });
        }
        const snapshot = running ? { kind: 'bgp', local: { ip: '10.8.0.9', asn: 64600 }, entries: [neighbour] } : { kind: 'bgp', local: null, entries: [] };
        return jsonResponse(200, { device_id: GW, kind: 'bgp', at: new Date().toISOString(), snapshot });
      }),
    );
    signIn('viewer');
    render(`/sdwan/device/status/bgp?device=${GW}`);
    expect(await screen.findByRole('group', { name: 'Local IP' })).toHaveProperty('textContent', 'Local IP10.8.0.9');
    expect(screen.getByRole('group', { name: 'Local ASN' }).textContent).toContain('64600');
    expect(await within(screen.getByRole('table', { name: 'BGP neighbours' })).findByText('Established')).toBeTruthy();
    expect(await within(screen.getByRole('table', { name: 'BGP routes' })).findByText('0.0.0.0/0')).toBeTruthy();
    running = false;
    render(`/sdwan/device/status/bgp?device=${GW}`);
    expect(await screen.findByText('No Status Available')).toBeTruthy();
  });

  it('lists the neighbours of every gateway with its local IP and ASN, their age, and unknown states for a gateway not reachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, [
          {
            device_id: GW,
            device_name: 'edge-paris',
            at: new Date(Date.now() - 120_000).toISOString(),
            reachable: true,
            local: { ip: '10.8.0.9', asn: 64600 },
            neighbours: [neighbour],
          },
          // Not reachable: its neighbours were Established 14 minutes ago, which says nothing of now.
          {
            device_id: '33333333-3333-4333-8333-333333333333',
            device_name: 'edge-lyon',
            at: new Date(Date.now() - 14 * 60_000).toISOString(),
            reachable: false,
            local: { ip: '10.8.0.10', asn: 64601 },
            neighbours: [{ ...neighbour, neighbour: '198.51.100.7' }],
          },
        ]),
      ),
    );
    signIn('viewer');
    render('/sdwan/organization/monitor/globalBGP');
    const table = await screen.findByRole('table', { name: 'BGP neighbours of all gateways' });
    const row = (await within(table).findByText('edge-paris')).closest('tr')!;
    expect(row.textContent).toContain('198.51.100.1');
    expect(row.textContent).toContain('64600');
    expect(row.textContent).toMatch(/Established.*2 min ago/);
    expect(within(table).getByRole('columnheader', { name: /Reported/ })).toBeTruthy();
    const gone = within(table).getByText('edge-lyon').closest('tr')!;
    expect(gone.textContent).toMatch(/unknown.*14 min ago/);
    expect(gone.textContent).not.toContain('Established');
  });

  it('tells two gateways of one name apart by their serials', async () => {
    const other = '44444444-4444-4444-8444-444444444444';
    const bgpOf = (device_id: string, ip: string) => ({
      device_id,
      device_name: 'branch',
      at: new Date().toISOString(),
      reachable: true,
      local: { ip, asn: 64600 },
      neighbours: [neighbour],
    });
    fakeApi({
      'GET device/list/': () => pageOf([deviceRow(GW, { name: 'branch', serial: 'SN-1' }), deviceRow(other, { name: 'Branch', serial: 'SN-2' })]),
      'GET device/status/bgp/': () => [bgpOf(GW, '10.8.0.1'), bgpOf(other, '10.8.0.2')],
    });
    signIn('viewer');
    render('/sdwan/organization/monitor/globalBGP');
    const table = await screen.findByRole('table', { name: 'BGP neighbours of all gateways' });
    expect((await within(table).findByText('branch · SN-1')).closest('tr')!.textContent).toContain('10.8.0.1');
    expect(within(table).getByText('Branch · SN-2').closest('tr')!.textContent).toContain('10.8.0.2');
  });
});
