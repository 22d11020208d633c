import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { OverlayPage } from '@/features/ztna-overlay/pages/overlay-page';
import { CRM, fakeOverlayApi, RELAY, relayRow, server } from './fake-overlay-api';
import { DpcTab } from './dpc-tab';
import { RelaysTab } from './relays-tab';

describe('relays and data protection', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists relays with their health, and edits a disabled one back on', async () => {
    const api = fakeOverlayApi({ answer: (c) => (c.method === 'PUT' ? jsonResponse(200, { ...relayRow, enabled: true }) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<RelaysTab writer timezone="UTC" />));
    const table = within(await screen.findByRole('table', { name: 'Overlay mesh servers' }));
    const row = within((await table.findByText('lon-relay-1')).closest('tr')!);
    expect(row.getByText('United Kingdom')).toBeTruthy();
    expect(row.getByText('Degraded')).toBeTruthy();
    expect(row.getByText('180 ms')).toBeTruthy();
    expect(row.getByText('Disabled')).toBeTruthy();

    await user.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit overlay mesh server: lon-relay-1' }));
    const port = dialog.getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText('Enter a port 1-65535')).toBeTruthy();
    await user.type(port, '443');
    await user.click(dialog.getByRole('switch', { name: /Enabled/ }));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      path: `tenant/ztna/relays/${RELAY}/`,
      body: { name: 'lon-relay-1', region: 'uk', address: 'relay1.example.net', port: 443, enabled: true },
    });
  });

  it("saves one server's controls without touching the others'", async () => {
    const api = fakeOverlayApi({
      answer: (c) =>
        c.method === 'PUT' ? jsonResponse(200, server(CRM, 'CRM', { dpc: { download: false, upload: true, copy: true, managed_only: true } })) : undefined,
    });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<DpcTab writer />));
    const crm = within(await screen.findByRole('row', { name: 'CRM' }));
    expect(crm.getByRole('button', { name: 'Save CRM' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('row', { name: 'Wiki' })).getByRole('switch', { name: 'Managed only on Wiki' })).toHaveProperty('checked', true);

    await user.click(crm.getByRole('switch', { name: 'Download on CRM' }));
    await user.click(crm.getByRole('switch', { name: 'Managed only on CRM' }));
    await user.click(crm.getByRole('button', { name: 'Save CRM' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      path: `tenant/ztna/servers/${CRM}/dpc/`,
      body: { download: false, upload: true, copy: true, managed_only: true },
    });
    await waitFor(() => expect(crm.getByRole('button', { name: 'Save CRM' })).toHaveProperty('disabled', true));
    expect(crm.getByRole('switch', { name: 'Download on CRM' })).toHaveProperty('checked', false);
  });

  it('opens the tab the URL names and moves to another', async () => {
    vi.stubGlobal('fetch', fakeOverlayApi().fetch);
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={['/ztna/organization/overlay/dpc']}>
          <Routes>
            <Route path="/ztna/organization/overlay/:tab" element={<OverlayPage />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByRole('table', { name: 'Data protection controls' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Data protection' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Overlay mesh servers' }));
    expect(await screen.findByRole('table', { name: 'Overlay mesh servers' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Data protection controls' })).toBeNull();
  });
});
