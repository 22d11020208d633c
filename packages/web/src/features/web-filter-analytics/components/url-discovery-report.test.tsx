import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { UrlDiscoveryReport } from './url-discovery-report';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const row = (domain: string) => ({
  domain,
  hits: 30,
  users: 2,
  devices: 3,
  blocked: 0,
  first_seen: '2026-01-01T10:00:00Z',
  last_seen: '2026-01-02T10:00:00Z',
  listed: null,
});

/** Discovery lists newsite.io until it is blocked or categorised; every call is recorded. */
function server() {
  const calls: { url: string; method: string; body: Record<string, unknown> | null }[] = [];
  let decided = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, method: init?.method ?? 'GET', body });
      if (url.includes('available-categories')) return jsonResponse(200, [{ id: 'news', name: 'News', description: '', group: 'General', domains: 5 }]);
      if (url.includes('/block/') || url.includes('/categorise/')) {
        decided = true;
        return jsonResponse(200, { domain: body?.domain });
      }
      const results = decided ? [row('other.example')] : [row('newsite.io'), row('other.example')];
      return jsonResponse(200, { count: results.length, next: null, previous: null, results });
    }),
  );
  return calls;
}

const render = (search = '') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/reports/url-discovery${search}`]}>
        <UrlDiscoveryReport timezone={null} />
      </MemoryRouter>,
    ),
  );

// Mantine's selects and dialogs are slow in jsdom, slower still when the whole suite runs at once.
describe('url discovery', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for the window of the URL and blocks a domain in one click: it posts the domain, says so, and the row leaves', async () => {
    const calls = server();
    signIn('editor');
    const { user } = render('?window=24h');
    await screen.findByText('newsite.io');
    const list = calls.find((c) => c.url.includes('/reports/url-discovery/'))!;
    expect(list.method).toBe('POST');
    expect(list.body).toEqual({ start_time: '24h', page: 1, size: 25, tenant_id: TENANT });

    await user.click(screen.getByRole('button', { name: 'Block newsite.io' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/reports/url-discovery/block/'))).toBe(true));
    const block = calls.find((c) => c.url.includes('/reports/url-discovery/block/'))!;
    expect(block.url).toBe(`/api/v1/reports/url-discovery/block/?tenant_id=${TENANT}`);
    expect(block.method).toBe('POST');
    expect(block.body).toEqual({ domain: 'newsite.io' });
    expect(await screen.findByText('newsite.io added to the blocked list')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('url-discovery-table')).queryByText('newsite.io')).toBeNull());
  });

  it('files a domain under a picked category', async () => {
    const calls = server();
    signIn('editor');
    const { user } = render();
    await screen.findByText('newsite.io');
    await user.click(screen.getByRole('button', { name: 'Add newsite.io to a category' }));
    await user.click(await screen.findByRole('combobox', { name: 'Category of newsite.io' }));
    await user.click(await screen.findByRole('option', { name: 'News', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/categorise/'))).toBe(true));
    expect(calls.find((c) => c.url.includes('/categorise/'))!.body).toEqual({ domain: 'newsite.io', category: 'news' });
    expect(await screen.findByText('newsite.io added to News')).toBeTruthy();
  });

  it('offers no Block or category to a viewer', async () => {
    server();
    signIn('viewer');
    render();
    await screen.findByText('newsite.io');
    expect(screen.queryByRole('button', { name: 'Block newsite.io' })).toBeNull();
  });
});
