import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { StaticRoutesPage } from './static-routes-page';

const GW = '11111111-1111-4111-8111-111111111111';
const route = { id: '00000000-0000-4000-8000-000000000001', name: 'to-hq', destination: '10.0.0.0/8', gateway: '192.168.1.254', metric: 0, enabled: true };
const state = (routes: unknown[], sync = 'synced') => ({
  device_id: GW,
  revision: {
    id: '22222222-2222-4222-8222-222222222222',
    number: 1,
    hash: 'h',
    source: 'edit',
    message: null,
    author_email: 'editor@acme.test',
    created_at: '2026-11-24T10:00:00.000Z',
  },
  document: { interfaces: { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24, mtu: 1500, vlans: [] }], wan: [] }, static_routes: routes },
  sync: { state: sync, desired_hash: 'h', reported_hash: 'h', error: null },
});

/** A fake server: the device list, the configuration, and what a PUT answers. */
function server(put: (body: { document: { static_routes: unknown[] } }) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/device/list/')) return jsonResponse(200, { count: 1, next: null, previous: null, results: [deviceRow(GW, { name: 'edge-paris' })] });
    if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    return jsonResponse(200, state([route]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/sdwan/device/configure/staticroutes?device=${GW}`]}>
        <StaticRoutesPage />
      </MemoryRouter>,
    ),
  );

describe('static routes of a gateway', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('adds a route: the whole document is saved with it, and the page says it is on its way', async () => {
    const fetchMock = server((body) => jsonResponse(200, state(body.document.static_routes, 'syncing')));
    signIn('editor');
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Static routes' });
    expect(await within(table).findByText('to-hq')).toBeTruthy();
    expect(screen.getByTestId('config-sync').textContent).toContain('Synced');
    await user.click(screen.getByRole('button', { name: 'Add static route' }));
    await user.type(screen.getByLabelText(/Name/), 'to-branch');
    await user.type(screen.getByLabelText(/Destination/), '10.20.0.0/16');
    await user.type(screen.getByLabelText(/Gateway/, { selector: 'input[placeholder="x.x.x.x"]' }), '192.168.1.253');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Static route added successfully')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const sent = JSON.parse(String(put[1]!.body)) as { document: { static_routes: { name: string }[]; interfaces: unknown } };
    expect(sent.document.static_routes.map((r) => r.name)).toEqual(['to-hq', 'to-branch']);
    expect(sent.document.interfaces).toBeTruthy();
    expect(await within(table).findByText('to-branch')).toBeTruthy();
    expect(screen.getByTestId('config-sync').textContent).toContain('Syncing');
  });

  it("shows the server's refusal of the document under the route's own field", async () => {
    server(() =>
      jsonResponse(400, {
        code: 'invalid',
        detail: 'Invalid input.',
        errors: { 'document.static_routes.1.gateway': ['Gateway is not on a subnet of this device'] },
      }),
    );
    signIn('editor');
    const { user } = renderPage();
    await screen.findByText('to-hq');
    await user.click(screen.getByRole('button', { name: 'Add static route' }));
    await user.type(screen.getByLabelText(/Name/), 'far');
    await user.type(screen.getByLabelText(/Destination/), '10.30.0.0/16');
    await user.type(screen.getByLabelText(/Gateway/, { selector: 'input[placeholder="x.x.x.x"]' }), '172.16.0.1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Gateway is not on a subnet of this device')).toBeTruthy();
  });

  it('checks a route with the domain schema before anything is sent', async () => {
    const fetchMock = server(() => jsonResponse(500, {}));
    signIn('editor');
    const { user } = renderPage();
    await screen.findByText('to-hq');
    await user.click(screen.getByRole('button', { name: 'Add static route' }));
    await user.type(screen.getByLabelText(/Name/), 'bad');
    await user.type(screen.getByLabelText(/Destination/), '10.30.1.0/16');
    await user.type(screen.getByLabelText(/Gateway/, { selector: 'input[placeholder="x.x.x.x"]' }), '172.16.0.1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText("Format 'x.x.x.x/y',where x is in the range 0-255 and y in the range 1-32")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('lets a viewer read the routes but not change them', async () => {
    server(() => jsonResponse(500, {}));
    signIn('viewer');
    renderPage();
    expect(await screen.findByText('to-hq')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add static route' })).toBeNull();
    expect(screen.queryByRole('button', { name: /edit/i })).toBeNull();
    expect(screen.getByRole('button', { name: 'History' })).toBeTruthy();
  });
});
