import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { SlaStatusPage } from './sla-status-page';

const GW = '11111111-1111-4111-8111-111111111111';
const render = (url: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sdwan/device/status/slastatus/*" element={<SlaStatusPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

const sla = [
  { interface: 'wan1', target: '8.8.8.8', latency_ms: 12.4, jitter_ms: 1.2, loss_pct: 0, state: 'ok' },
  { interface: 'lte1', target: '1.1.1.1', latency_ms: null, jitter_ms: null, loss_pct: 100, state: 'down' },
];
const t0 = Date.parse('2026-01-02T10:00:00Z');
const metrics = ['wan1', 'lte1'].map((ifname, i) => ({
  ifname,
  points: [0, 10, 20].map((s) => ({
    at: new Date(t0 + s * 1000).toISOString(),
    rx_bytes: 0,
    tx_bytes: 0,
    latency_ms: 10 + i * 30 + s,
    loss_pct: 0,
    jitter_ms: 1,
  })),
}));

/** A gateway with an SLA snapshot reported just now and `points` of interface metrics; every call is recorded. */
function gateway(points: unknown[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/device/list/')) return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
    if (init?.method === 'POST') return jsonResponse(202, { job_id: '22222222-2222-4222-8222-222222222222' });
    if (url.includes('/metrics/')) return jsonResponse(200, points);
    return jsonResponse(200, { device_id: GW, kind: 'sla', at: new Date().toISOString(), snapshot: { kind: 'sla', entries: sla } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('SLA status of a gateway', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for Please Select Device without a gateway', async () => {
    gateway([]);
    signIn('viewer');
    render('/sdwan/device/status/slastatus/interface');
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
  });

  it('lists each WAN of the SLA snapshot with its target, figures and state', async () => {
    gateway([]);
    signIn('viewer');
    render(`/sdwan/device/status/slastatus/interface?device=${GW}`);
    const table = await screen.findByRole('table', { name: 'SLA of each WAN' });
    const wan = (await within(table).findByText('wan1')).closest('tr')!;
    expect(wan.textContent).toContain('8.8.8.8');
    expect(wan.textContent).toContain('12.4 ms');
    expect(within(wan).getByText('OK')).toBeTruthy();
    const lte = within(table).getByText('lte1').closest('tr')!;
    expect(within(lte).getByText('Down')).toBeTruthy();
    expect(lte.textContent).toContain('Not Available');
    expect((await screen.findByTestId('status-age')).textContent).toMatch(/Reported \d+ s ago/);
  });

  it('draws the latency of every WAN on the ping tab for the chosen window, and No Data when none was measured', async () => {
    const fetchMock = gateway(metrics);
    signIn('viewer');
    const first = render(`/sdwan/device/status/slastatus/interface?device=${GW}&minutes=30`);
    await first.user.click(await screen.findByRole('tab', { name: 'Ping' }));
    expect(await screen.findByRole('img', { name: 'Latency of each WAN' })).toBeTruthy();
    const stats = screen.getByRole('table', { name: 'Series statistics' });
    expect(within(stats).getByText('wan1')).toBeTruthy();
    expect(within(stats).getByText('lte1')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`/device/${GW}/metrics/`) && String(url).includes('minutes=30'))).toBe(true);

    first.unmount();
    gateway([]);
    render(`/sdwan/device/status/slastatus/linkcomparision?device=${GW}`);
    expect(await screen.findAllByText('No Data')).toHaveLength(2);
  });

  it('hands its WAN traffic tab to the slot it is given, and asks the gateway for no SLA snapshot there', async () => {
    const fetchMock = gateway([]);
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={[`/sdwan/device/status/slastatus/wantraffic?device=${GW}`]}>
          <Routes>
            <Route
              path="/sdwan/device/status/slastatus/*"
              element={<SlaStatusPage wanTraffic={{ render: (id) => <p>Traffic of {id}</p>, onRefresh: () => {} }} />}
            />
          </Routes>
        </MemoryRouter>,
      ),
    );
    expect(screen.getByRole('tab', { name: 'WAN traffic', selected: true })).toBeTruthy();
    expect(screen.getByText(`Traffic of ${GW}`)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/sla/'))).toBe(false);
  });
});
