import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { NetflowPage } from './netflow-page';

const GW = '11111111-1111-4111-8111-111111111111';
const t0 = Date.parse('2026-01-02T10:00:00Z');

const row = (key: string, value: number) => ({ key, total: { value }, value, bytes_out: value / 2, bytes_in: value / 2, packets: 7, flows: 3 });

/** A gateway whose top talkers are two hosts, and whose exporter address is 10.0.0.1 until set; every chart call is recorded. */
function gateway(exporter: { address: string | null; puts: unknown[]; answer?: [number, unknown] } = { address: '10.0.0.1', puts: [] }) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/device/list/')) return jsonResponse(200, { count: 0, next: null, previous: null, results: [] });
      if (url.includes('/netflow/exporter/')) {
        if (init?.method !== 'PUT') return jsonResponse(200, { address: exporter.address });
        exporter.puts.push(JSON.parse(String(init.body)));
        return jsonResponse(...(exporter.answer ?? [200, JSON.parse(String(init.body))]));
      }
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      const rows = [row('192.168.1.20', 3_000_000), row('192.168.1.21', 1_000_000)];
      return jsonResponse(200, {
        graph: 'top-talkers',
        from: new Date(t0).toISOString(),
        to: new Date(t0 + 3 * 60_000).toISOString(),
        level: 'minute',
        bucket_seconds: 60,
        total_bytes: 4_000_000,
        results: rows,
        series: {
          buckets: [0, 1, 2].map((m) => new Date(t0 + m * 60_000).toISOString()),
          series: rows.map((r) => ({ key: r.key, values: [r.value / 3, r.value / 3, r.value / 3], out: [0, 0, 0], in: [0, 0, 0] })),
        },
      });
    }),
  );
  return calls;
}

const render = (url: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/sdwan/device/status/netflow/*" element={<NetflowPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

let saved: Blob[] = [];
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  saved = [];
  // jsdom cannot save files: keep what the browser would have saved.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:netloom-test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

describe('netflow pages of a gateway', () => {
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for Please Select Device without a gateway', async () => {
    gateway();
    signIn('viewer');
    render('/sdwan/device/status/netflow/topProtocols');
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
  });

  it("ranks the gateway's top talkers with their share, over the chosen window, and downloads them as CSV", async () => {
    const calls = gateway();
    signIn('viewer');
    const { user } = render(`/sdwan/device/status/netflow/topTalkers?device=${GW}&range=60`);
    expect(screen.getByRole('tab', { name: 'Top Talkers', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Ranked traffic' });
    const top = (await within(table).findByText('192.168.1.20')).closest('tr')!;
    expect(top.textContent).toContain('75.0 %');
    expect(calls[0]!.url).toBe(`/api/v1/sdwan/netflow/device/${GW}/top-talkers/`);
    expect(calls[0]!.body).toMatchObject({ timeduration: 60, top_count: 10, series: true });
    // The chart over time, with each host's stats under it.
    expect(await screen.findByText('Top Talkers over time')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const text = (await saved[0]!.text()).replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/).slice(0, 2)).toEqual([
      'Host,Total bytes,Share,Bytes sent,Bytes received,Packets,Flows',
      '192.168.1.20,3000000,75.0 %,1500000,1500000,7,3',
    ]);

    await user.click(screen.getByRole('radio', { name: '1 week' }));
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ timeduration: 10080 }));

    await user.click(screen.getByRole('tab', { name: 'Top Server Ports' }));
    await waitFor(() => expect(calls.at(-1)!.url).toBe(`/api/v1/sdwan/netflow/device/${GW}/top-server-ports/`));
  });

  it("opens a host's flows for an admin, and shows a viewer the ranking without them", async () => {
    const calls = gateway();
    signIn('admin');
    const first = render(`/sdwan/device/status/netflow/topTalkers?device=${GW}&range=60`);
    const table = await screen.findByRole('table', { name: 'Ranked traffic' });
    const top = (await within(table).findByText('192.168.1.20')).closest('tr')!;
    await first.user.click(within(top).getByRole('button', { name: 'View' }));
    expect(await screen.findByRole('dialog', { name: /^Flows · / })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/sdwan/netflow/flows/')).toBe(true));
    first.unmount();
    sessionStore.clear();

    calls.length = 0;
    signIn('viewer');
    render(`/sdwan/device/status/netflow/topTalkers?device=${GW}&range=60`);
    const ranked = await screen.findByRole('table', { name: 'Ranked traffic' });
    expect(await within(ranked).findByText('192.168.1.20')).toBeTruthy();
    expect(within(ranked).queryByRole('button', { name: 'View' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/netflow/flows/'))).toBe(false);
  });

  it("sets the gateway's flow exporter address for an editor, with the server's refusal on the field; a viewer only reads it", async () => {
    const exporter = { address: '10.0.0.1' as string | null, puts: [] as unknown[], answer: undefined as [number, unknown] | undefined };
    gateway(exporter);
    signIn('editor');
    const first = render(`/sdwan/device/status/netflow/topTalkers?device=${GW}&range=60`);
    const field = await screen.findByRole('textbox', { name: 'Flow exporter address' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('10.0.0.1'));
    await first.user.clear(field);
    await first.user.type(field, '10.0.0.300');
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An IPv4 or IPv6 address, e.g. 10.0.0.1 or 2001:db8::1')).toBeTruthy();
    expect(exporter.puts).toEqual([]);

    exporter.answer = [
      409,
      {
        detail: 'Another device already receives the flows this address exports',
        code: 'conflict',
        errors: { address: ['Another device already receives the flows this address exports'] },
      },
    ];
    await first.user.clear(field);
    await first.user.type(field, '192.0.2.9');
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another device already receives the flows this address exports')).toBeTruthy();
    expect(exporter.puts).toEqual([{ address: '192.0.2.9' }]);

    exporter.answer = undefined;
    await first.user.clear(field);
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved');
    expect(exporter.puts.at(-1)).toEqual({ address: null });
    first.unmount();
    sessionStore.clear();

    signIn('viewer');
    render(`/sdwan/device/status/netflow/topTalkers?device=${GW}&range=60`);
    expect(await screen.findByText('Flow exporter address: 10.0.0.1')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Flow exporter address' })).toBeNull();
  });
});
