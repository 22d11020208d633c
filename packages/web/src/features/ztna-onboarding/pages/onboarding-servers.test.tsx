import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { deviceRow } from '@/test/device-row';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { connector, fakeOnboardingApi, GATEWAY, OTHER_GATEWAY, server, SERVER_ID } from '@/features/ztna-onboarding/components/fake-onboarding-api';
import { OnboardingPage } from './onboarding-page';

const render = (tab: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/organization/onboarding/${tab}`]}>
        <Routes>
          <Route path="/ztna/organization/onboarding/:tab" element={<OnboardingPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('Onboarding › Servers and App connectors', { timeout: 60_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('publishes a server: checks the address and ports with the spec messages, then sends ports per protocol and a new site', async () => {
    const api = fakeOnboardingApi({}, (c) =>
      c.method === 'POST' ? jsonResponse(201, server({ id: '5e000000-0000-4000-8000-000000000009', name: 'Git' })) : undefined,
    );
    const { user } = render('server');
    const table = await screen.findByRole('table', { name: 'Servers' });
    const wiki = within((await within(table).findByText('Wiki')).closest('tr')!);
    expect(wiki.getByText('TCP 443')).toBeTruthy();
    expect(wiki.getByText('HQ')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add server' }));
    const form = await screen.findByRole('form', { name: 'Add server' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getAllByText('Field is required').length).toBe(2);
    expect(within(form).getByText('Enter an IP, a subnet, an FQDN or *.domain')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Server name' }), 'Git');
    await user.type(within(form).getByRole('textbox', { name: 'Address' }), '*.git.corp.example');
    await user.type(within(form).getByRole('textbox', { name: 'Private name' }), 'git.corp.example');
    const tcp = within(form).getByRole('textbox', { name: 'TCP ports' });
    await user.type(tcp, '70000{Enter}');
    expect(within(form).getByText('Please Enter a valid port or port range')).toBeTruthy();
    await user.clear(tcp);
    await user.type(tcp, '22{Enter}8000:8100{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add protocol' }));
    await user.click(within(form).getByRole('button', { name: 'Add protocol' }));
    await user.click(within(form).getByRole('button', { name: 'Remove ICMP' }));
    await user.type(within(form).getByRole('combobox', { name: 'Site' }), 'Pune DC');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: 'tenant/ztna/servers/',
      body: {
        name: 'Git',
        address: '*.git.corp.example',
        private_name: 'git.corp.example',
        ports: [
          { protocol: 'tcp', ports: ['22', '8000:8100'] },
          { protocol: 'udp', ports: [] },
        ],
        site: 'Pune DC',
        enabled: true,
      },
    });
  });

  it('edits a server (an empty private name is none) and deletes one after a confirmation', async () => {
    const api = fakeOnboardingApi({ servers: [server({ private_name: 'wiki.internal.example' })] }, (c) =>
      c.method === 'PUT' ? jsonResponse(200, server()) : c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { user } = render('server');
    await user.click(await screen.findByRole('button', { name: 'Edit Wiki' }));
    const form = await screen.findByRole('form', { name: 'Edit server' });
    await user.clear(within(form).getByRole('textbox', { name: 'Private name' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: `tenant/ztna/servers/${SERVER_ID}/`, body: { private_name: null, site: 'HQ' } });

    await user.click(screen.getByRole('button', { name: 'Delete Wiki' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: `tenant/ztna/servers/${SERVER_ID}/` });
  });

  it('shows each app connector with its health, servers reachable and sessions, and asks again every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeOnboardingApi({
        connectors: [
          connector(),
          connector({
            device_id: OTHER_GATEWAY,
            name: 'dc-edge',
            site: 'Pune',
            health: 'unknown',
            servers_reachable: null,
            active_sessions: null,
            health_at: null,
          }),
        ],
      });
      render('app-connector');
      const table = await screen.findByRole('table', { name: 'App connectors' });
      const hq = within((await within(table).findByText('hq-edge')).closest('tr')!);
      expect(hq.getByText('Degraded')).toBeTruthy();
      expect(hq.getByText('2 / 3')).toBeTruthy();
      expect(hq.getByText('7')).toBeTruthy();
      expect(within(within(table).getByText('dc-edge').closest('tr')!).getByText('Unknown')).toBeTruthy();
      const asked = () => api.calls.filter((c) => c.path === 'tenant/connector/').length;
      const before = asked();
      await vi.advanceTimersByTimeAsync(10_000);
      await waitFor(() => expect(asked()).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds a gateway as the app connector of a site, and removes one after a confirmation', async () => {
    const api = fakeOnboardingApi({}, (c) =>
      c.method === 'POST'
        ? jsonResponse(201, connector({ device_id: OTHER_GATEWAY, name: 'dc-edge' }))
        : c.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : undefined,
    );
    const { user } = render('app-connector');
    await user.click(await screen.findByRole('button', { name: 'Add app connector' }));
    const form = await screen.findByRole('form', { name: 'Add app connector' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getAllByText('Field is required').length).toBe(2);

    await user.click(within(form).getByRole('combobox', { name: 'Gateway' }));
    // The gateway already a connector is not offered again.
    expect(screen.queryByRole('option', { name: 'hq-edge (Chennai)' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'dc-edge (Pune)' }));
    await user.type(within(form).getByRole('combobox', { name: 'Site' }), 'HQ');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: 'tenant/connector/', body: { device_id: OTHER_GATEWAY, site: 'HQ' } });

    await user.click(await screen.findByRole('button', { name: 'Remove hq-edge' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: `tenant/connector/${GATEWAY}/` });
  });

  it('names gateways of one name by their serial in the connector form, the one a connector already among them', async () => {
    const third = '6a000000-0000-4000-8000-000000000003';
    fakeOnboardingApi({
      gateways: [
        deviceRow(GATEWAY, { name: 'hq-edge', serial: 'SN-HQ-1' }),
        deviceRow(OTHER_GATEWAY, { name: 'HQ-edge', serial: 'SN-HQ-2', location: 'Pune' }),
        deviceRow(third, { name: 'hq-edge', serial: 'SN-HQ-3' }),
      ],
    });
    const { user } = render('app-connector');
    await user.click(await screen.findByRole('button', { name: 'Add app connector' }));
    const form = await screen.findByRole('form', { name: 'Add app connector' });
    await user.click(within(form).getByRole('combobox', { name: 'Gateway' }));
    expect(await screen.findByRole('option', { name: 'HQ-edge · SN-HQ-2 (Pune)' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'hq-edge · SN-HQ-3 (Chennai)' })).toBeTruthy();
    // hq-edge · SN-HQ-1 is a connector already, so not offered.
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
  });
});
