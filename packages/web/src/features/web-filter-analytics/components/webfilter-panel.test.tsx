import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NO_TRAFFIC_DATA_TEXT, type WebFilterSummary } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { fakeContext } from '@/test/fake-canvas';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { WebFilterPanel } from './webfilter-panel';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const none = { buckets: [] };
const EMPTY: WebFilterSummary = {
  action_distribution: none,
  requests_over_time: none,
  top_allowed_urls: none,
  top_blocked_urls: none,
  top_urls: none,
  top_users: none,
};
const buckets = (...pairs: [string, number][]) => ({ buckets: pairs.map(([key, doc_count]) => ({ key, doc_count })) });

/** The server's answers by path; every call is recorded with its parsed body. */
function server(summary: WebFilterSummary) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body });
      if (url.includes('/webfilter-user/')) {
        return jsonResponse(200, {
          user: body.user,
          top_sites: buckets(['github.com', 40]),
          blocked: buckets(['facebook.com', 7]),
          categories: buckets(['Social', 7]),
        });
      }
      return jsonResponse(200, summary);
    }),
  );
  return calls;
}

const render = (search = '') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/dashboard${search}`]}>
        <WebFilterPanel timezone={null} />
      </MemoryRouter>,
    ),
  );

const originalGetContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 320 });
  HTMLCanvasElement.prototype.getContext = vi.fn(() => fakeContext()) as unknown as typeof originalGetContext;
});
afterAll(() => {
  for (const prop of ['clientWidth', 'clientHeight']) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  HTMLCanvasElement.prototype.getContext = originalGetContext;
});

// Mantine's selects and dialogs are slow in jsdom, slower still when the whole suite runs at once.
describe('web-filter panel', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("asks for the last 24 hours of the user's tenant and says 'No data available yet!' when nothing was filtered", async () => {
    const calls = server(EMPTY);
    signIn('viewer');
    render();
    expect(await screen.findByText(NO_TRAFFIC_DATA_TEXT)).toBeTruthy();
    expect(calls[0]!.url).toBe(`/api/v1/tenant/config/webfilter-global/webfilter-graph/?tenant_id=${TENANT}`);
    expect(calls[0]!.body).toEqual({ start_time: '24h', tenant_id: TENANT });
  });

  it('opens on Top Blocked URLs and lists its URLs as text', async () => {
    server({ ...EMPTY, top_blocked_urls: buckets(['facebook.com', 12], ['tiktok.com', 3]), top_allowed_urls: buckets(['github.com', 90]) });
    signIn('viewer');
    render();
    const chart = await screen.findByTestId('webfilter-chart');
    expect(chart.getAttribute('data-chart')).toBe('top_blocked_urls');
    const keys = await within(chart).findByRole('table', { name: 'Top Blocked URLs' });
    expect(within(keys).getByText('facebook.com')).toBeTruthy();
    expect(within(keys).getByText('12')).toBeTruthy();
    expect(within(chart).queryByText('github.com')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Web filter chart' }) as HTMLInputElement).value).toBe('Top Blocked URLs');
  });

  it('shows the empty state for a chart id it does not know, even with data', async () => {
    server({ ...EMPTY, top_blocked_urls: buckets(['facebook.com', 12]) });
    signIn('viewer');
    render('?webfilter_chart=top_sites');
    const chart = await screen.findByTestId('webfilter-chart');
    expect(within(chart).getByText(NO_TRAFFIC_DATA_TEXT)).toBeTruthy();
    expect(within(chart).queryByText('facebook.com')).toBeNull();
  });

  it.each([
    ['action_distribution', 'blocked'],
    ['requests_over_time', 'Allowed: 30 · Blocked: 5'],
  ])('draws %s with its figures as text', async (chart, text) => {
    server({
      ...EMPTY,
      action_distribution: buckets(['allowed', 30], ['blocked', 5]),
      requests_over_time: { buckets: [{ key_as_string: '2026-01-02T10:00:00Z', allow: 30, blocked: 5 }] },
    });
    signIn('viewer');
    render(`?webfilter_chart=${chart}`);
    const panel = await screen.findByTestId('webfilter-chart');
    expect(await within(panel).findByText(text)).toBeTruthy();
    // A drawing failure would show the error boundary instead of the chart.
    expect(within(panel).queryByText('Chart unavailable')).toBeNull();
  });

  it("opens a user's web activity from Top Users, over the panel's window", async () => {
    const calls = server({ ...EMPTY, top_users: buckets(['alice@acme.test', 40]) });
    signIn('admin');
    const { user } = render('?webfilter_chart=top_users&webfilter_range=7d');
    await user.click(await screen.findByRole('button', { name: 'Web activity of alice@acme.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Web activity of alice@acme.test' });
    await waitFor(() => expect(within(dialog).getByText('github.com')).toBeTruthy());
    expect(within(dialog).getByText('facebook.com')).toBeTruthy();
    expect(calls.at(-1)!.url).toContain('/tenant/config/webfilter-global/webfilter-user/');
    expect(calls.at(-1)!.body).toEqual({ start_time: '7d', tenant_id: TENANT, user: 'alice@acme.test' });
  });

  it.each(['viewer', 'editor'] as const)("shows Top Users to the %s role as totals, without one person's web activity", async (role) => {
    const calls = server({ ...EMPTY, top_users: buckets(['alice@acme.test', 40]) });
    signIn(role);
    render('?webfilter_chart=top_users');
    const keys = await screen.findByRole('table', { name: 'Top Users' });
    expect(within(keys).getByText('alice@acme.test')).toBeTruthy();
    expect(within(keys).getByText('40')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Web activity of alice@acme.test' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/webfilter-user/'))).toBe(false);
  });
});
