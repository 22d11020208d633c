import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Role, SubscriptionFlags, User } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { fakeApi } from '@/test/fake-api';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { fleetSelection } from '@/lib/fleet-selection';
import { GlobalSearch } from './global-search';

const ALL: SubscriptionFlags = { sdwan: true, ztna: true, ndr: false, waf: false, rum: false, dem: false, 'iot-gateway': false };
const SDWAN_ONLY: SubscriptionFlags = { ...ALL, ztna: false };
const DEVICE = '11111111-1111-4111-8111-111111111111';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}
const where = () => screen.getByTestId('where').textContent;

function renderSearch(opts: { role?: Role; flags?: SubscriptionFlags; at?: string; user?: Partial<User>; active?: 'sdwan' | 'ztna' } = {}) {
  signIn(opts.role ?? 'owner', opts.user);
  const user = sessionStore.current()!.user;
  return renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[opts.at ?? '/sdwan/dashboard']}>
        <input aria-label="Some field" />
        <textarea aria-label="Some notes" />
        <div contentEditable suppressContentEditableWarning aria-label="Some editor">
          text
        </div>
        <div role="dialog" aria-label="Another dialog">
          <button type="button">Inside another dialog</button>
        </div>
        <GlobalSearch user={user} flags={opts.flags ?? ALL} active={opts.active ?? 'sdwan'} />
        <Where />
      </MemoryRouter>,
    ),
  );
}

const dialogInput = () => screen.findByRole('textbox', { name: 'Search' });
const groupNames = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));

// The dialog lists some 150 pages before anything is typed: jsdom draws them slowly.
describe('global search', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fleetSelection.selectNetwork(null);
    fakeApi({ 'GET tenant/search/': () => ({ results: [] }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('opens with the header box and with s, but not while typing in a field', async () => {
    const { user } = renderSearch();
    const box = screen.getByRole('button', { name: 'Search' });
    expect(box.getAttribute('data-tour')).toBe('search');
    expect(box.getAttribute('aria-keyshortcuts')).toBe('s');

    for (const field of ['Some field', 'Some notes', 'Some editor']) {
      await user.click(screen.getByLabelText(field));
      await user.keyboard('s');
      expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    }
    expect((screen.getByLabelText('Some field') as HTMLInputElement).value).toBe('s');
    await user.click(screen.getByRole('button', { name: 'Inside another dialog' }));
    await user.keyboard('s');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('s');
    const input = await dialogInput();
    // The key opened the dialog; it was not typed into it.
    expect((input as HTMLInputElement).value).toBe('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull());

    await user.click(box);
    expect(await dialogInput()).toBeTruthy();
  });

  it("groups pages by the user's products and role", async () => {
    const owner = renderSearch();
    await owner.user.click(screen.getByRole('button', { name: 'Search' }));
    await dialogInput();
    expect(groupNames()).toEqual(['SD-WAN configure', 'SD-WAN monitor', 'Organization', 'ZTNA']);
    expect(within(screen.getByRole('group', { name: 'Organization' })).getByRole('button', { name: 'Logs › Login Logs' })).toBeTruthy();
    owner.unmount();

    const viewer = renderSearch({ role: 'viewer', flags: SDWAN_ONLY });
    await viewer.user.click(screen.getByRole('button', { name: 'Search' }));
    await dialogInput();
    expect(groupNames()).toEqual(['SD-WAN configure', 'SD-WAN monitor', 'Organization']);
    const organization = within(screen.getByRole('group', { name: 'Organization' }));
    expect(organization.getByRole('button', { name: 'Teams › Users' })).toBeTruthy();
    expect(organization.queryByRole('button', { name: 'Logs › Login Logs' })).toBeNull();
    expect(organization.queryByRole('button', { name: 'Notification Channels' })).toBeNull();
  });

  it("puts the active product's pages first, and its page wins a name both products have", async () => {
    const { user } = renderSearch({ active: 'ztna', at: '/ztna/dashboard' });
    await user.keyboard('s');
    await dialogInput();
    expect(groupNames()).toEqual(['ZTNA', 'SD-WAN configure', 'SD-WAN monitor', 'Organization']);
    await user.paste('Teams › Users');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/ztna/teams/users'));
  });

  it('refuses a gateway page with Please Select Device while no device is chosen', async () => {
    const { user } = renderSearch();
    await user.keyboard('s');
    await user.type(await dialogInput(), 'Static Routes{Enter}');
    expect(await screen.findByText('Please Select Device')).toBeTruthy();
    expect(where()).toBe('/sdwan/dashboard');
    // A tenant-wide page needs none.
    await user.keyboard('s');
    await user.type(await dialogInput(), 'global bgp{Enter}');
    await waitFor(() => expect(where()).toBe('/sdwan/organization/monitor/globalBGP'));
  });

  it('opens on Enter only the page whose whole name was typed, ignoring case and whitespace', async () => {
    fleetSelection.selectDevice({ id: DEVICE, name: 'edge-paris' });
    const { user } = renderSearch();
    await user.keyboard('s');
    const input = await dialogInput();
    await user.type(input, 'Static{Enter}');
    expect(where()).toBe('/sdwan/dashboard');
    expect(screen.getByRole('button', { name: 'Static Routes' })).toBeTruthy();

    await user.clear(input);
    await user.type(input, '  sTaTiC   rOuTeS {Enter}');
    await waitFor(() => expect(where()).toBe('/sdwan/device/configure/staticroutes'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull());
  });

  it('opens the option picked with the arrow keys', async () => {
    fleetSelection.selectDevice({ id: DEVICE, name: 'edge-paris' });
    const { user } = renderSearch();
    await user.keyboard('s');
    await user.type(await dialogInput(), 'firewall rules');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(where()).toBe('/sdwan/device/configure/firewall/outboundrules'));
  });

  it("finds the tenant's devices, users and templates on the server and leads to their pages", async () => {
    const tenantThings = [
      { kind: 'user', id: 'u-1', name: 'Edna Mode', detail: 'edna@acme.test', product: null },
      { kind: 'device', id: DEVICE, name: 'edge-paris', detail: 'gateway', product: 'sdwan' },
      { kind: 'template', id: 't-1', name: 'edge-baseline', detail: null, product: 'sdwan' },
    ];
    // The server's part: names holding the text, any case.
    const api = fakeApi({
      'GET tenant/search/': (call) => ({ results: tenantThings.filter((t) => t.name.toLowerCase().includes(call.query.get('q')!.toLowerCase())) }),
    });
    const { user } = renderSearch();
    await user.keyboard('s');
    const input = await dialogInput();
    await user.type(input, 'e');
    // One character asks nothing of the server.
    await new Promise((r) => setTimeout(r, 300));
    expect(api.calls.filter((c) => c.path === 'tenant/search/')).toHaveLength(0);

    await user.type(input, 'd');
    const devices = await screen.findByRole('group', { name: 'Devices' });
    expect(groupNames().slice(-3)).toEqual(['Devices', 'Users', 'Templates']);
    const asked = api.calls.filter((c) => c.path === 'tenant/search/');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.get('tenant_id')).toBe(sessionStore.current()!.user.tenantId);
    expect(within(screen.getByRole('group', { name: 'Users' })).getByRole('button', { name: /Edna Mode/ })).toBeTruthy();

    // A device becomes the chosen one, as the header's picker does, and its overview opens.
    await user.click(within(devices).getByRole('button', { name: /edge-paris/ }));
    await waitFor(() => expect(where()).toBe('/sdwan/device/configure/status/deviceoverview/device-interfaces'));
    expect(fleetSelection.get().device).toEqual({ id: DEVICE, name: 'edge-paris' });

    await user.keyboard('s');
    await user.type(await dialogInput(), 'ed');
    await user.click(await screen.findByRole('button', { name: /Edna Mode/ }));
    await waitFor(() => expect(where()).toBe('/sdwan/teams/users/details/u-1'));

    // Enter on a result's whole name opens it too, once the server has answered.
    await user.keyboard('s');
    await user.type(await dialogInput(), ' EDGE-baseline ');
    await screen.findByRole('group', { name: 'Templates' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/sdwan/organization/configtemp/t-1'));
  });

  it('lists the last five pages this user opened, newest first, for this user only', async () => {
    fleetSelection.selectDevice({ id: DEVICE, name: 'edge-paris' });
    const first = renderSearch({ at: '/sdwan/organization/inventory' });
    const { user } = first;
    for (const page of ['dns', 'static routes', 'nat', 'global bgp', 'vpn status', 'policies']) {
      await user.keyboard('s');
      // Pasted rather than typed key by key: the same rule, fewer redraws of the long list.
      await user.click(await dialogInput());
      await user.paste(page);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull());
    }
    await user.keyboard('s');
    await dialogInput();
    const recent = within(screen.getByRole('group', { name: 'Recent pages' })).getAllByRole('button');
    expect(recent.map((b) => b.querySelector('[class*="actionLabel"], span span')?.textContent)).toEqual([
      'Policies',
      'VPN Status',
      'Global BGP',
      'NAT',
      'Static Routes',
    ]);
    expect(groupNames()[0]).toBe('Recent pages');
    first.unmount();

    const other = renderSearch({ user: { id: '00000000-0000-4000-8000-000000000002' } });
    await other.user.keyboard('s');
    await dialogInput();
    expect(groupNames()).not.toContain('Recent pages');
  });

  it('gives a super admin no search box and no hotkey', async () => {
    const { user } = renderSearch({ user: { isSuperAdmin: true, role: null } });
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    await user.keyboard('s');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
  });
});
