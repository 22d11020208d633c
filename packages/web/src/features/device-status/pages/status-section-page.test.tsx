import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { StatusSectionPage } from './status-section-page';
import type { StatusSectionKey } from './status-sections';

const GW = '11111111-1111-4111-8111-111111111111';
const render = (url: string, section: StatusSectionKey = 'network') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={`/sdwan/device/status/${section}/*`} element={<StatusSectionPage section={section} />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

/** A gateway that answers every snapshot with `snapshot`, reported just now. */
function gatewayReports(snapshot: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/device/list/')) return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
      if (init?.method === 'POST') return jsonResponse(202, { job_id: '22222222-2222-4222-8222-222222222222' });
      return jsonResponse(200, { device_id: GW, kind: (snapshot as { kind: string }).kind, at: new Date().toISOString(), snapshot });
    }),
  );
  signIn('viewer');
}

describe('monitor sections of a gateway', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for Please Select Device without a gateway, and says No Status Available when it never reported', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/device/list/')) return jsonResponse(200, { count: 1, next: null, previous: null, results: [deviceRow(GW, { name: 'edge-paris' })] });
      // The gateway is offline: the request is queued and nothing arrives.
      if (init?.method === 'POST') return jsonResponse(202, { job_id: '22222222-2222-4222-8222-222222222222' });
      return jsonResponse(200, { device_id: GW, kind: 'routes', at: null, snapshot: { kind: 'routes', entries: [] } });
    });
    vi.stubGlobal('fetch', fetchMock);
    signIn('viewer');
    render('/sdwan/device/status/network/routes');
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(`/sdwan/device/status/network/routes?device=${GW}`);
      await vi.advanceTimersByTimeAsync(16_000);
      expect(await screen.findByText('No Status Available')).toBeTruthy();
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).includes(`/device/status/${GW}/routes/refresh/`))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the routes the gateway reported and how old they are', async () => {
    const route = { destination: '10.20.0.0/16', gateway: '192.168.1.254', interface: 'lan1', metric: 0, origin: 'static' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/device/list/')) return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
        if (init?.method === 'POST') return jsonResponse(202, { job_id: '22222222-2222-4222-8222-222222222222' });
        return jsonResponse(200, { device_id: GW, kind: 'routes', at: new Date().toISOString(), snapshot: { kind: 'routes', entries: [route] } });
      }),
    );
    signIn('viewer');
    render(`/sdwan/device/status/network/routes?device=${GW}`);
    expect(await screen.findByText('10.20.0.0/16')).toBeTruthy();
    expect((await screen.findByTestId('status-age')).textContent).toMatch(/Reported \d+ s ago/);
  });

  it('says which WAN an SD-WAN rule takes and why', async () => {
    gatewayReports({
      kind: 'sdwan',
      entries: [{ rule: 'voice', match: 'DSCP 46', preferred_wan: 'wan', active_wan: 'wan2', reason: 'sla_failover' }],
    });
    render(`/sdwan/device/status/sdwanstatus?device=${GW}`, 'sdwanstatus');
    expect(await screen.findByText('voice')).toBeTruthy();
    expect(screen.getByText('wan2')).toBeTruthy();
    expect(screen.getByText('Preferred link misses the SLA')).toBeTruthy();
  });

  it('narrows the device log to one level', async () => {
    const line = (level: string, message: string) => ({ at: new Date().toISOString(), level, facility: 'netifd', message });
    gatewayReports({ kind: 'logs', entries: [line('warning', 'Interface wan2 is down'), line('notice', 'Interface wan2 is up')] });
    render(`/sdwan/device/status/logs?device=${GW}`, 'logs');
    expect(await screen.findByText('Interface wan2 is up')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Level' }));
    await userEvent.click(await screen.findByRole('option', { name: 'warning' }));
    expect(screen.getByText('Interface wan2 is down')).toBeTruthy();
    expect(screen.queryByText('Interface wan2 is up')).toBeNull();
  });

  it('says URL filtering is off when the gateway runs none', async () => {
    gatewayReports({ kind: 'url_filter', enabled: false, entries: [] });
    render(`/sdwan/device/status/url-ops/urlfilterstatus?device=${GW}`, 'url-ops');
    expect(await screen.findByText('URL filtering is off')).toBeTruthy();
  });

  it("shows the running URL filter's default action, policy count and its decisions by category", async () => {
    gatewayReports({
      kind: 'url_filter',
      enabled: true,
      default_action: 'block',
      policies: 2,
      entries: [{ category: 'social-networking', action: 'block', hits: 7 }],
    });
    render(`/sdwan/device/status/url-ops/urlfilterstatus?device=${GW}`, 'url-ops');
    expect(await screen.findByText('URL filtering is on · Default action: Block · 2 policies')).toBeTruthy();
    expect(screen.getByText('social-networking')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
  });

  it('says intrusion detection is off when the gateway inspects nothing', async () => {
    gatewayReports({ kind: 'ids', mode: 'off', categories: [], entries: [] });
    render(`/sdwan/device/status/firewallstatus/ids?device=${GW}`, 'firewallstatus');
    expect(await screen.findByText('Intrusion detection is off')).toBeTruthy();
  });

  it('shows what each category matched and the latest alerts, a dropped one said so', async () => {
    gatewayReports({
      kind: 'ids',
      mode: 'prevent',
      categories: [
        { category: 'malware', alerted: 0, dropped: 4 },
        { category: 'scan', alerted: 11, dropped: 0 },
      ],
      entries: [
        {
          at: new Date().toISOString(),
          sid: 2044002,
          message: 'ET MALWARE Possible malicious Office document download',
          category: 'malware',
          severity: 1,
          protocol: 'TCP',
          src: '192.168.1.23',
          src_port: 51234,
          dst: '185.20.30.40',
          dst_port: 80,
          action: 'dropped',
        },
      ],
    });
    render(`/sdwan/device/status/firewallstatus/ids?device=${GW}`, 'firewallstatus');
    expect(await screen.findByText(/^Mode: Prevent/)).toBeTruthy();
    const counters = screen.getByRole('table', { name: 'Matches per category' });
    expect(within(counters).getByRole('row', { name: 'Scans 11 0' })).toBeTruthy();
    expect(within(counters).getByRole('row', { name: 'Malware 0 4' })).toBeTruthy();
    const alert = screen.getByRole('row', { name: /ET MALWARE Possible malicious Office document download/ });
    expect(alert.textContent).toContain('Dropped');
    expect(alert.textContent).toContain('192.168.1.23:51234');
    expect(alert.textContent).toContain('185.20.30.40:80');
  });

  it("shows where the gateway's own filter runs and which category actions Content Filtering sets", async () => {
    gatewayReports({
      kind: 'url_filter',
      enabled: true,
      gateway: { interfaces: ['lan1', 'lan1.10'], safesearch: true, log_allowed: false },
      entries: [
        { category: 'gambling', action: 'block', hits: 12, source: 'gateway' },
        { category: 'news', action: 'allow', hits: 3 },
      ],
    });
    render(`/sdwan/device/status/url-ops/urlfilterstatus?device=${GW}`, 'url-ops');
    expect(await screen.findByText('Content Filtering runs on lan1, lan1.10 · SafeSearch enforced · Allowed visits not logged')).toBeTruthy();
    expect(screen.getByRole('row', { name: /gambling block 12 Content Filtering/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /news allow 3 Web filter policies/ })).toBeTruthy();
  });
});
