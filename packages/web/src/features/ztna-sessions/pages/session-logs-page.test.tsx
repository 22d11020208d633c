import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import type { ZtnaSessionRow } from '@/features/ztna-sessions/components/session-text';
import { SessionLogsPage } from './session-logs-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const SCOPE = { key: 'tenant_id', value: TENANT, type: 'string' };

const denied: ZtnaSessionRow = {
  id: 'd:1:0',
  time: '2026-01-02T10:00:00Z',
  user: 'bob@acme.test',
  device_id: '44444444-4444-4444-8444-444444444444',
  device_name: 'bob-laptop',
  server_id: 'c0000000-0000-4000-8000-000000000001',
  server_name: 'CRM',
  destination: 'crm.corp.example',
  protocol: 'tcp',
  port: 443,
  action: 'deny',
  rule: 'posture',
  policy_id: '9d0c0000-0000-4000-8000-000000000001',
  policy_name: 'Sales CRM',
  failed_condition: 'firewall',
  connector_id: null,
  connector_name: null,
  duration_ms: 0,
  bytes_in: 0,
  bytes_out: 0,
};
const allowed: ZtnaSessionRow = {
  ...denied,
  id: 'a:1:0',
  user: 'ana@acme.test',
  device_name: 'ana-laptop',
  action: 'allow',
  rule: 'policy',
  failed_condition: null,
  connector_name: 'london-connector',
  duration_ms: 185_000,
  bytes_in: 2_097_152,
  bytes_out: 4_096,
};

/** Records every call with its parsed body; the log answers two sessions. */
function server() {
  const calls: { url: string; body: Record<string, unknown> | null; accept: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ url, body, accept: new Headers(init?.headers).get('Accept') });
      if (body?.format === 'csv') return new Response('time,user\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      return jsonResponse(200, { count: 2, next: null, previous: null, results: [denied, allowed] });
    }),
  );
  return calls;
}

const logCalls = (calls: ReturnType<typeof server>) => calls.filter((c) => c.url.includes('/logs/ztna-session-logs/'));

const render = (search = '') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/logs/ztna-session-logs${search}`]}>
        <SessionLogsPage />
      </MemoryRouter>,
    ),
  );

describe('ZTNA session logs', { timeout: 20_000 }, () => {
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

  it('posts the table filter payload led by tenant_id with the URL filters, and shows each decision with its policy and failed condition', async () => {
    const calls = server();
    signIn('admin');
    render('?action=deny&q=crm&page=2&from=2026-01-01T00:00:00.000Z&to=2026-01-03T00:00:00.000Z');
    const table = within(await screen.findByRole('table', { name: 'ZTNA session log entries' }));
    const bob = (await table.findByText('bob-laptop')).closest('tr')!;
    expect(within(bob).getByText('Deny')).toBeTruthy();
    expect(within(bob).getByText('Sales CRM')).toBeTruthy();
    expect(within(bob).getByText('Firewall')).toBeTruthy();
    expect(within(bob).getByText('TCP/443')).toBeTruthy();
    const ana = table.getByText('ana-laptop').closest('tr')!;
    expect(within(ana).getByText('Allow')).toBeTruthy();
    expect(within(ana).getByText('london-connector')).toBeTruthy();
    expect(within(ana).getByText('3 min 05 s')).toBeTruthy();
    expect(within(ana).getByText('2.0 MB')).toBeTruthy();
    expect(screen.getByText('2 entries')).toBeTruthy();
    const [first] = logCalls(calls);
    expect(first!.url).toBe(`/api/v1/logs/ztna-session-logs/?tenant_id=${TENANT}`);
    expect(first!.body).toEqual({
      page: 2,
      size: 25,
      search: 'crm',
      start_time: '2026-01-01T00:00:00.000Z',
      end_time: '2026-01-03T00:00:00.000Z',
      filters: [SCOPE, { key: 'action', value: 'deny', type: 'select' }],
    });
  });

  it("applies 'Select Filters' from page 1, still led by tenant_id, and clears them with 'Clear Filters'", async () => {
    const calls = server();
    signIn('owner');
    const { user } = render('?page=3');
    await screen.findByText('bob-laptop');
    expect(logCalls(calls)[0]!.body!.filters).toEqual([SCOPE]);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Filters' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Server' }));
    await user.paste('CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(logCalls(calls).at(-1)!.body).toEqual({ page: 1, size: 25, filters: [SCOPE, { key: 'server', value: 'CRM', type: 'string' }] }));

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    const again = await screen.findByRole('dialog', { name: 'Select Filters' });
    await user.click(within(again).getByRole('button', { name: 'Clear Filters' }));
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(logCalls(calls).at(-1)!.body!.filters).toEqual([SCOPE]));
  });

  it('downloads every row of the filter as CSV with the same payload', async () => {
    const calls = server();
    signIn('owner');
    const { user } = render('?action=deny&user=bob%40acme.test');
    await screen.findByText('bob-laptop');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['ztna-session-logs.csv']));
    const csv = logCalls(calls).find((c) => c.body?.format === 'csv')!;
    expect(csv.accept).toBe('text/csv');
    expect(csv.body).toEqual({
      page: 1,
      size: 0,
      format: 'csv',
      filters: [SCOPE, { key: 'action', value: 'deny', type: 'select' }, { key: 'user', value: 'bob@acme.test', type: 'string' }],
    });
  });

  it('tells an editor the logs are for owners and admins, and asks nothing', async () => {
    const calls = server();
    signIn('editor');
    render();
    expect(await screen.findByText('Permission Denied')).toBeTruthy();
    expect(logCalls(calls)).toEqual([]);
  });
});
