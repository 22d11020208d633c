import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { sessionStore } from '@/lib/session/session-store';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import type { NacHostRow } from '@/features/nac/api/get-nac-hosts';
import { NacPage } from './nac-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const GATEWAY = '6a7e0000-0000-4000-8000-000000000001';

const host = (mac: string, hostname: string, over: Partial<NacHostRow> = {}): NacHostRow => ({
  mac,
  ip: '192.168.1.20',
  hostname,
  vendor: 'Acme Devices',
  os: 'Linux',
  gateway_id: GATEWAY,
  gateway_name: 'london-edge',
  interface: 'lan1',
  first_seen: '2026-01-01T09:00:00Z',
  last_seen: '2026-01-02T09:00:00Z',
  decision: 'pending',
  state: 'allowed',
  decided_by: null,
  decided_at: null,
  ...over,
});

const PRINTER = '00:11:22:33:44:01';
const CAMERA = '00:11:22:33:44:02';
const LAPTOP = '00:11:22:33:44:03';

/** Answers the hosts list (a blocked host its gateway does not enforce yet) and records every call. */
function server() {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1\//, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.method === 'POST') return jsonResponse(200, { hosts: [], gateways_updated: 1 });
      const results = [
        host(PRINTER, 'printer'),
        host(CAMERA, 'camera', { decision: 'block', state: 'allowed' }),
        host(LAPTOP, 'laptop', { decision: 'allow' }),
      ];
      return jsonResponse(200, { count: 3, next: null, previous: null, results });
    }),
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

const render = (search = '') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/nac/nac-available-list${search}`]}>
        <NacPage />
      </MemoryRouter>,
    ),
  );

const rowOf = async (text: string) => (await within(screen.getByRole('table', { name: 'NAC hosts' })).findByText(text)).closest('tr')!;

describe('NAC', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('blocks the chosen hosts after a confirm, and says which hosts the gateway does not enforce yet', async () => {
    const api = server();
    signIn('admin');
    const { user } = render();
    await screen.findByRole('table', { name: 'NAC hosts' });
    const camera = await rowOf('camera');
    expect(within(camera).getByText('Block')).toBeTruthy();
    expect(within(camera).getByText('Not enforced yet')).toBeTruthy();
    expect(within(await rowOf('printer')).queryByText('Not enforced yet')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 host on this page waits for its gateway to enforce the decision.');
    expect(screen.getByRole('button', { name: 'Block' })).toHaveProperty('disabled', true);

    await user.click(within(await rowOf('printer')).getByRole('checkbox'));
    await user.click(within(await rowOf('laptop')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Block (2)' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block (2)' }));
    expect(await screen.findByText('Block 2 hosts?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [post] = api.writes();
    expect(post).toMatchObject({ path: 'tenant/nac/hosts/decide/', body: { macs: [PRINTER, LAPTOP], decision: 'block' } });
    expect(post!.query.get('tenant_id')).toBe(TENANT);
    expect(await screen.findByText('Block sent to the gateways for 2 hosts')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Block' })).toHaveProperty('disabled', true));
  });

  it('asks the server for the search, decision and page of the URL, and a new search starts at page 1', async () => {
    const api = server();
    signIn('viewer');
    const { user } = render('?decision=block&q=cam&page=2');
    await rowOf('camera');
    const first = api.calls[0]!;
    expect(first.path).toBe('tenant/nac/hosts/');
    expect(Object.fromEntries(first.query)).toEqual({ tenant_id: TENANT, search: 'cam', decision: 'block', page: '2', page_size: '25' });
    // A viewer reads: no choice of hosts, no decisions.
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();

    const search = screen.getByRole('textbox', { name: 'Search hosts' });
    await user.clear(search);
    await user.type(search, 'printer{Enter}');
    await waitFor(() =>
      expect(Object.fromEntries(api.calls.at(-1)!.query)).toEqual({ tenant_id: TENANT, search: 'printer', decision: 'block', page: '1', page_size: '25' }),
    );
  });
});
