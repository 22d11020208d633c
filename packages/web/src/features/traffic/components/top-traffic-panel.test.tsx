import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { getInstanceByDom } from 'echarts/core';
import { NO_TRAFFIC_DATA_TEXT, type TrafficRow } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { fakeContext } from '@/test/fake-canvas';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { TopTrafficPanel } from './top-traffic-panel';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const GROUP = '33333333-3333-4333-8333-333333333333';

const row = (key: string, value: number, extra: Partial<TrafficRow> = {}): TrafficRow => ({
  key,
  total: { value },
  value,
  bytes_out: value / 4,
  bytes_in: (value * 3) / 4,
  packets: 10,
  flows: 2,
  ...extra,
});

/** The server's answers by graph; every call is recorded with its parsed body. */
function server(results: Record<string, TrafficRow[]>) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      if (url.includes('/netflow/flows/')) {
        const flow = {
          start: '2026-01-02T10:00:00Z',
          end: '2026-01-02T10:01:00Z',
          device_id: '44444444-4444-4444-8444-444444444444',
          device_name: 'branch-1',
          device_label: 'branch-1 · SN-7',
          src_ip: '192.168.1.20',
          src_port: 51000,
          dst_ip: '170.114.52.2',
          dst_port: 443,
          protocol: 'tcp',
          application: 'Zoom',
          site: 'zoom.us',
          user: 'alice',
          src_country: null,
          dst_country: 'US',
          wan: 'wan1',
          in_ifname: 'lan1',
          out_ifname: 'wan1',
          dscp: 0,
          bytes_out: 1000,
          bytes_in: 50_000,
          packets_out: 10,
          packets_in: 40,
        };
        return jsonResponse(200, { count: 1, results: [flow], retained_from: new Date(Date.now() - 48 * 3_600_000).toISOString() });
      }
      const graph = /netflow\/([a-z-]+)\/$/.exec(url)?.[1] ?? '';
      const rows = results[graph] ?? [];
      return jsonResponse(200, {
        graph,
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date().toISOString(),
        level: 'minute',
        bucket_seconds: 60,
        total_bytes: rows.reduce((a, r) => a + r.value, 0),
        results: rows,
      });
    }),
  );
  return calls;
}

const render = (networkId: string | null = null) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={['/sdwan/dashboard']}>
        <TopTrafficPanel product="sdwan" networkId={networkId} timezone={null} />
      </MemoryRouter>,
    ),
  );

/** Picks an option of a Mantine select: the list it controls opens beside it. */
async function choose(user: ReturnType<typeof render>['user'], label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error('the list did not open');
    return el;
  });
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
}

/** A click on a bar, as ECharts reports it from the canvas. */
const clickBar = (chart: HTMLElement, item: { name: string; seriesName: string; dataIndex: number }) =>
  act(() => (getInstanceByDom(chart) as unknown as { trigger: (n: string, e: object) => void }).trigger('click', { componentType: 'series', ...item }));

const originalGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 340 });
  HTMLCanvasElement.prototype.getContext = vi.fn(() => fakeContext()) as unknown as typeof originalGetContext;
});
afterAll(() => {
  for (const prop of ['clientWidth', 'clientHeight']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  HTMLCanvasElement.prototype.getContext = originalGetContext;
});

describe('top-traffic panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("asks for Top Applications over 24 hours, top 10, and says 'No data available yet!' when there is none", async () => {
    const calls = server({});
    signIn('viewer');
    render();
    expect(await screen.findByText(NO_TRAFFIC_DATA_TEXT)).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/v1/sdwan/netflow/top-applications/');
    expect(calls[0]!.body).toEqual({ timeduration: 1440, top_count: 10, tenant_id: TENANT, network_id: '', series: false });
  });

  it('switches chart and range, narrowed by the device group, and draws the rows in MB', async () => {
    const calls = server({
      'top-applications': [row('Zoom', 12_500_000), row('Other', 1_000_000)],
      'top-destination-countries': [row('US', 3_000_000, { label: 'United States' }), row('DE', 1_500_000, { label: 'Germany' })],
    });
    signIn('viewer');
    const { user } = render(GROUP);
    expect(await screen.findByRole('img', { name: 'Top Applications: Zoom 12.50 MB, Other 1.00 MB' })).toBeTruthy();

    await choose(user, 'Chart', 'Top Destination Countries');
    expect(await screen.findByRole('img', { name: 'Top Destination Countries: United States 3.00 MB, Germany 1.50 MB' })).toBeTruthy();
    expect(calls.at(-1)!.url).toBe('/api/v1/sdwan/netflow/top-destination-countries/');
    expect(calls.at(-1)!.body).toMatchObject({ timeduration: 1440, network_id: GROUP });

    await choose(user, 'Time range', 'Last 1 week');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ timeduration: 10080, network_id: GROUP }));
    expect(calls.at(-1)!.url).toBe('/api/v1/sdwan/netflow/top-destination-countries/');
  });

  it('opens the flows behind a clicked bar over the same range, and nothing for Other', async () => {
    const calls = server({ 'top-applications': [row('Zoom', 12_500_000), row('Other', 1_000_000)] });
    signIn('admin');
    render();
    const chart = await screen.findByRole('img', { name: /^Top Applications:/ });

    clickBar(chart, { name: 'Other', seriesName: 'Traffic', dataIndex: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();

    clickBar(chart, { name: 'Zoom', seriesName: 'Traffic', dataIndex: 0 });
    const dialog = await screen.findByRole('dialog', { name: 'Flows · Top Applications: Zoom, Last 24 hrs' });
    const flows = await within(dialog).findByRole('table', { name: 'Flows' });
    expect((await within(flows).findByText('170.114.52.2')).closest('tr')!.textContent).toContain('zoom.us');
    // The device column reads the label: another gateway is named branch-1 too.
    expect(within(flows).getByText('branch-1 · SN-7')).toBeTruthy();
    const flowsCall = calls.find((c) => c.url === '/api/v1/sdwan/netflow/flows/')!;
    expect(flowsCall.body).toEqual({ timeduration: 1440, tenant_id: TENANT, network_id: '', graph: 'top-applications', key: 'Zoom', offset: 0, limit: 1000 });
  });

  it('draws two gateways of one name as two bars, each with its serial', async () => {
    const [a, b] = ['44444444-4444-4444-8444-444444444441', '44444444-4444-4444-8444-444444444442'];
    server({
      'top-talkers': [
        row(a, 9_000_000, { device_id: a, device_name: 'branch', device_serial: 'SN-1', label: 'branch · SN-1' }),
        row(b, 8_000_000, { device_id: b, device_name: 'branch', device_serial: 'SN-2', label: 'branch · SN-2' }),
      ],
    });
    signIn('viewer');
    const { user } = render();
    await choose(user, 'Chart', 'Top Talkers');
    const chart = await screen.findByRole('img', { name: 'Top Talkers: branch · SN-1 9.00 MB, branch · SN-2 8.00 MB' });
    const option = (getInstanceByDom(chart) as unknown as { getOption: () => { yAxis: { data: string[] }[] } }).getOption();
    expect(option.yAxis[0]!.data).toEqual(['branch · SN-1', 'branch · SN-2']);
  });

  it('cuts a long gateway name on the axis but never its serial', async () => {
    const [a, b] = ['44444444-4444-4444-8444-444444444441', '44444444-4444-4444-8444-444444444442'];
    const long = 'headquarters-datacenter-north';
    server({
      'top-talkers': [
        row(a, 9_000_000, { device_id: a, device_name: long, device_serial: 'SN-1', label: `${long} · SN-1` }),
        row(b, 8_000_000, { device_id: b, device_name: long, device_serial: 'SN-2', label: `${long} · SN-2` }),
      ],
    });
    signIn('viewer');
    const { user } = render();
    await choose(user, 'Chart', 'Top Talkers');
    const chart = await screen.findByRole('img', { name: /^Top Talkers:/ });
    type Axis = { data: string[]; axisLabel: { formatter: (v: string, i: number) => string } };
    const [axis] = (getInstanceByDom(chart) as unknown as { getOption: () => { yAxis: Axis[] } }).getOption().yAxis;
    expect(axis!.data.map((v, i) => axis!.axisLabel.formatter(v, i))).toEqual(['headquarters-data... · SN-1', 'headquarters-data... · SN-2']);
  });

  it('stacks each application’s users and drills into one user’s use of it', async () => {
    const calls = server({
      'top-user-per-application': [
        row('Zoom', 10_000_000, {
          top_users: {
            buckets: [
              { key: 'alice', total_bytes: { value: 6_000_000 } },
              { key: 'bob', total_bytes: { value: 3_000_000 } },
            ],
          },
        }),
      ],
    });
    signIn('owner');
    const { user } = render();
    await choose(user, 'Chart', 'Top User per Application');
    const chart = await screen.findByRole('img', { name: /^Top User per Application:/ });
    clickBar(chart, { name: 'Zoom', seriesName: 'bob', dataIndex: 0 });
    await screen.findByRole('dialog', { name: /Flows · bob · Zoom/ });
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ graph: 'top-user-per-application', key: 'bob\tZoom' }));
  });

  it.each(['viewer', 'editor'] as const)('shows the chart to the %s role without the flow records behind it', async (role) => {
    const calls = server({ 'top-applications': [row('Zoom', 12_500_000)] });
    signIn(role);
    render();
    const chart = await screen.findByRole('img', { name: 'Top Applications: Zoom 12.50 MB' });
    expect(screen.queryByRole('button', { name: 'All flows' })).toBeNull();
    clickBar(chart, { name: 'Zoom', seriesName: 'Traffic', dataIndex: 0 });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.url.includes('/netflow/flows/'))).toBe(false);
  });
});
