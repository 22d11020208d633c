import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { FakeSocket } from '@/test/fake-socket';
import { sessionStore } from '@/lib/session/session-store';
import { interfacesPage } from '@/features/device-config/families/interfaces';
import { servicesPage } from '@/features/device-config/families/services';
import { staticRoutesPage } from '@/features/device-config/families/static-routes';
import type { FamilyPageSpec } from './types';
import { FamilyPage } from './family-page';

const GW = '11111111-1111-4111-8111-111111111111';
const route = { id: '00000000-0000-4000-8000-000000000001', name: 'to-hq', destination: '10.0.0.0/8', gateway: '192.168.1.254', metric: 0, enabled: true };
const state = (routes: unknown[], sync = 'synced', more: Record<string, unknown> = {}) => ({
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
  document: { interfaces: { lan: [{ name: 'lan1', ip: '192.168.1.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] }, static_routes: routes, ...extra, ...more },
  sync: { state: sync, desired_hash: 'h', reported_hash: 'h', error: null },
  sections: [
    { family: 'interfaces', template: { id: '33333333-3333-4333-8333-333333333333', name: 'Branch' } },
    { family: 'static_routes', template: null },
  ],
  disabled_families: [],
  auto_sync: true,
  render_error: null,
  draft: null,
});
let extra: Record<string, unknown> = {};

/** A fake server: the device list, the configuration, and what a PUT answers. */
function server(put: (body: { section: unknown }) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/device/list/')) return jsonResponse(200, { count: 1, next: null, previous: null, results: [deviceRow(GW, { name: 'edge-paris' })] });
    if (url.includes('/enable-configs/'))
      return jsonResponse(200, {
        families: { interfaces: true, static_routes: true, firewall: true, nat: true, services: true, sdwan: true, ipsec: true, policy_routing: true },
        auto_sync: true,
      });
    if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    return jsonResponse(200, state([route]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = (spec: FamilyPageSpec = staticRoutesPage) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/sdwan/device/configure/${spec.route}?device=${GW}`]}>
        <FamilyPage spec={spec} mode="device" />
      </MemoryRouter>,
    ),
  );

describe('a configuration family page of a gateway', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    // Unmounted before the session goes (a file's hooks run before the setup's cleanup): a page
    // still mounted would read its configuration again without a tenant, into the next test's server.
    cleanup();
    extra = {};
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it("adds a route: the family's section is saved with it, and the page says it is on its way", async () => {
    const fetchMock = server((body) => jsonResponse(200, state(body.section as unknown[], 'syncing')));
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
    expect(String(put[0])).toContain(`/device/config/${GW}/sections/static_routes/`);
    const sent = JSON.parse(String(put[1]!.body)) as { section: { name: string }[] };
    expect(sent.section.map((r) => r.name)).toEqual(['to-hq', 'to-branch']);
    expect(await within(table).findByText('to-branch')).toBeTruthy();
    expect(screen.getByTestId('config-sync').textContent).toContain('Syncing');
  });

  it('turns Syncing into Synced when the live socket says the push moved on, without asking in between', async () => {
    let sync = 'syncing';
    const fetchMock = server(() => jsonResponse(500, {}));
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/device/list/')
        ? jsonResponse(200, { count: 1, next: null, previous: null, results: [deviceRow(GW, { name: 'edge-paris' })] })
        : jsonResponse(200, state([route], sync)),
    );
    signIn('editor');
    renderPage();
    await vi.waitFor(() => expect(screen.getByTestId('config-sync').textContent).toContain('Syncing'));
    await vi.waitFor(() => expect(FakeSocket.of('config')?.sent.length).toBe(1));
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).includes(`/device/config/${GW}/`) && !String(url).includes('enable-configs')).length;
    const before = reads();
    // No polling while it syncs: nothing is asked until the socket tells of a change.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(reads()).toBe(before);
    sync = 'synced';
    // Another device's push is none of this page's business.
    FakeSocket.of('config')!.receive({ kind: 'config', device_id: '99999999-9999-4999-8999-999999999999', state: 'synced' });
    FakeSocket.of('config')!.receive({ kind: 'config', device_id: GW, state: 'synced' });
    await vi.waitFor(() => expect(screen.getByTestId('config-sync').textContent).toContain('Synced'));
    expect(reads()).toBe(before + 1);
  });

  it("shows the server's refusal of the document under the route's own field", async () => {
    server(() =>
      jsonResponse(400, {
        code: 'invalid',
        detail: 'Invalid input.',
        errors: { 'section.1.gateway': ['Gateway is not on a subnet of this device'] },
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
    expect(screen.getByText("This device's own")).toBeTruthy();
  });

  it('edits a group of settings in place and saves it into its place in the section', async () => {
    extra = { services: { dhcp: [], static_leases: [], notifications: [], snmp: { enabled: false, community: 'public', port: 161 } } };
    const fetchMock = server((body) => jsonResponse(200, state([route], 'syncing', { services: body.section })));
    signIn('editor');
    const { user } = renderPage(servicesPage);
    await user.click(await screen.findByRole('tab', { name: 'SNMP' }));
    const community = await screen.findByLabelText(/Community/);
    expect((community as HTMLInputElement).value).toBe('public');
    await user.clear(community);
    await user.type(community, 'netloom-ro');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('SNMP edited successfully')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain('/sections/services/');
    expect(JSON.parse(String(put[1]!.body)).section).toMatchObject({ snmp: { community: 'netloom-ro', enabled: false, port: 161 }, dhcp: [] });
  });

  it('marks a draft in the title and offers to push or discard it', async () => {
    const fetchMock = server(() => jsonResponse(500, {}));
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/device/list/')) return jsonResponse(200, { count: 1, next: null, previous: null, results: [deviceRow(GW, { name: 'edge-paris' })] });
      if (url.includes('/enable-configs/'))
        return jsonResponse(200, {
          families: { interfaces: true, static_routes: true, firewall: true, nat: true, services: true, sdwan: true, ipsec: true, policy_routing: true },
          auto_sync: true,
        });
      return jsonResponse(200, { ...state([route]), draft: { author_email: 'editor@acme.test', updated_at: '2026-11-25T08:00:00.000Z' } });
    });
    signIn('editor');
    renderPage();
    expect((await screen.findByTestId('draft-marker')).textContent).toBe('Unsaved draft');
    const bar = screen.getByTestId('config-draft');
    expect(within(bar).getByRole('button', { name: 'Push draft' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it("asks before a change makes a template's family the device's own, sends nothing on Cancel, and saves with the note on Yes", async () => {
    const fetchMock = server((body) => jsonResponse(200, state([route], 'syncing', { interfaces: body.section })));
    signIn('editor');
    const { user } = renderPage(interfacesPage);
    await screen.findByText('From template Branch');
    const table = await screen.findByRole('table', { name: 'LAN interfaces' });
    await user.click(within(table).getByRole('button', { name: /edit/i }));
    await user.clear(screen.getByLabelText(/MTU/));
    await user.type(screen.getByLabelText(/MTU/), '1400');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: "Make Interfaces & VLANs this device's own?" });
    expect(dialog.textContent).toContain('later changes to Branch no longer reach them here');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText('Note for the next revision'), 'jumbo frames off');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: "Make them this device's own" }));
    expect(await screen.findByText('LAN interface edited successfully')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ message: 'jumbo frames off', section: { lan: [{ mtu: 1400 }] } });
  });

  it('says a change in draft mode waits in the draft, not that it was added', async () => {
    server((body) => jsonResponse(200, state(body.section as unknown[])));
    signIn('editor');
    const { user } = renderPage();
    await screen.findByText('to-hq');
    await user.click(screen.getByRole('switch', { name: 'Keep changes as a draft' }));
    await user.click(screen.getByRole('button', { name: 'Add static route' }));
    await user.type(screen.getByLabelText(/Name/), 'to-branch');
    await user.type(screen.getByLabelText(/Destination/), '10.20.0.0/16');
    await user.type(screen.getByLabelText(/Gateway/, { selector: 'input[placeholder="x.x.x.x"]' }), '192.168.1.253');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Static route change kept in the draft: not pushed yet')).toBeTruthy();
    expect(screen.queryByText('Static route added successfully')).toBeNull();
  });
});
