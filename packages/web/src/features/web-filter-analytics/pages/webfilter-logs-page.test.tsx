import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WebFilterLogRow } from '@netloom/domain';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { WebFilterLogsPage } from './webfilter-logs-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const SCOPE = { key: 'tenant_id', value: TENANT, type: 'string' };

const decision: WebFilterLogRow = {
  id: '1',
  time: '2026-01-02T10:00:00Z',
  user: 'alice@acme.test',
  device_id: '44444444-4444-4444-8444-444444444444',
  device_name: 'alice-laptop',
  client_ip: '10.0.0.5',
  url: 'https://facebook.com/feed',
  domain: 'facebook.com',
  category: 'social',
  category_name: 'Social Networking',
  application: null,
  action: 'blocked',
  rule: 'category-block',
  policy_id: null,
  policy_name: 'Staff',
  matched: 'social-networking',
  bytes: 0,
  via: 'agent',
};

/** Records every call with its parsed body; logs answer one decision, the catalogue one category. */
function server() {
  const calls: { url: string; body: Record<string, unknown> | null; accept: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, body, accept: new Headers(init?.headers).get('Accept') });
      if (url.includes('available-categories'))
        return jsonResponse(200, [{ id: 'social', name: 'Social Networking', description: '', group: 'Social', domains: 10 }]);
      if (body?.format === 'csv') return new Response('time,user\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      return jsonResponse(200, { count: 1, next: null, previous: null, results: [decision] });
    }),
  );
  return calls;
}

const logCalls = (calls: ReturnType<typeof server>) => calls.filter((c) => c.url.includes('/logs/webfilter-logs/'));

const render = (search = '') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/logs/webfilter-logs${search}`]}>
        <WebFilterLogsPage kind="webfilter" />
      </MemoryRouter>,
    ),
  );

// Mantine's selects and dialogs are slow in jsdom, slower still when the whole suite runs at once.
describe('web filter logs', { timeout: 20_000 }, () => {
  const { createObjectURL, revokeObjectURL } = URL;
  let saved: string[] = [];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs and cannot navigate: record the file the browser would have saved.
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });

  it('posts the table filter payload with tenant_id first, then the filters of the URL, and shows the decision', async () => {
    const calls = server();
    signIn('owner');
    render('?action=blocked&q=face&page=2');
    const table = await screen.findByTestId('webfilter-logs-table');
    const row = (await within(table).findByText('facebook.com')).closest('tr')!;
    expect(within(row).getByText('Blocked')).toBeTruthy();
    expect(within(row).getByText('Blocked category: social-networking')).toBeTruthy();
    const [first] = logCalls(calls);
    expect(first!.url).toBe(`/api/v1/logs/webfilter-logs/?tenant_id=${TENANT}`);
    expect(first!.body).toEqual({ page: 2, size: 25, search: 'face', filters: [SCOPE, { key: 'action', value: 'blocked', type: 'select' }] });
  });

  it("applies 'Select Filters' from page 1, still led by tenant_id, and clears them with 'Clear Filters'", async () => {
    const calls = server();
    signIn('owner');
    const { user } = render('?page=3');
    await screen.findByText('facebook.com');
    expect(logCalls(calls)[0]!.body!.filters).toEqual([SCOPE]);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Filters' });
    await user.click(within(dialog).getByRole('textbox', { name: 'User' }));
    await user.paste('alice@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)!.body).toEqual({ page: 1, size: 25, filters: [SCOPE, { key: 'user', value: 'alice@acme.test', type: 'string' }] }),
    );

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const again = await screen.findByRole('dialog', { name: 'Select Filters' });
    await user.click(within(again).getByRole('button', { name: 'Clear Filters' }));
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(logCalls(calls).at(-1)!.body!.filters).toEqual([SCOPE]));
  });

  it('downloads every row of the filter as CSV with the same payload', async () => {
    const calls = server();
    signIn('owner');
    const { user } = render('?action=blocked');
    await screen.findByText('facebook.com');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['webfilter-logs.csv']));
    const csv = logCalls(calls).find((c) => c.body?.format === 'csv')!;
    expect(csv.accept).toBe('text/csv');
    expect(csv.body).toEqual({ page: 1, size: 0, format: 'csv', filters: [SCOPE, { key: 'action', value: 'blocked', type: 'select' }] });
  });
});
