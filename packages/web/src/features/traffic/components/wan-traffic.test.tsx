import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { WanTraffic } from './wan-traffic';

const GW = '11111111-1111-4111-8111-111111111111';
const t0 = Date.parse('2026-01-02T10:00:00Z');

describe("a gateway's WAN traffic", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('draws upload and download of each WAN from its exported flows, and lists their totals', async () => {
    const bodies: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        bodies.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
        return jsonResponse(200, {
          graph: 'top-wans',
          from: new Date(t0).toISOString(),
          to: new Date(t0 + 120_000).toISOString(),
          level: 'minute',
          bucket_seconds: 60,
          total_bytes: 9_000_000,
          results: [{ key: 'wan1', total: { value: 9_000_000 }, value: 9_000_000, bytes_out: 1_000_000, bytes_in: 8_000_000, packets: 9, flows: 4 }],
          series: { buckets: [new Date(t0).toISOString()], series: [{ key: 'wan1', values: [9_000_000], out: [1_000_000], in: [8_000_000] }] },
        });
      }),
    );
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={['/sdwan/device/status/slastatus/wantraffic?range=1440']}>
          <WanTraffic deviceId={GW} timezone={null} />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('Upload and download of each WAN')).toBeTruthy();
    expect(screen.getAllByText('wan1 upload').length).toBeGreaterThan(0);
    expect(screen.getAllByText('wan1 download').length).toBeGreaterThan(0);
    expect(screen.getByRole('table', { name: 'Ranked traffic' }).textContent).toContain('7.6 MB');
    // 8,000,000 bytes in a minute is 1.07 megabits a second (bits, 1000 steps), not '130.21 Kbps'.
    const stats = screen.getByRole('table', { name: 'Series statistics' });
    const download = within(stats).getByText('wan1 download').closest('tr')!;
    expect(
      within(download)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['wan1 download', '0 bps', '1.07 Mbps', '533.33 Kbps', '0 bps']);
    await waitFor(() => expect(bodies[0]!.url).toBe(`/api/v1/sdwan/netflow/device/${GW}/top-wans/`));
    expect(bodies[0]!.body).toMatchObject({ timeduration: 1440, series: true });
  });
});
