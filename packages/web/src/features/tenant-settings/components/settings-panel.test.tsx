import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { DEFAULT_TENANT_SETTINGS, TEAM_MESSAGES, type ConfigPreference } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { activeDashboard } from '@/lib/active-dashboard';
import { sessionStore } from '@/lib/session/session-store';
import { SettingsPanel } from './settings-panel';

const stored = (over: Partial<ConfigPreference['dashboard']> = {}, wan3Available = true): ConfigPreference => ({
  ...DEFAULT_TENANT_SETTINGS,
  dashboard: { ...DEFAULT_TENANT_SETTINGS.dashboard, ...over },
  wan3_available: wan3Available,
});

type Handler = (method: string, body: unknown) => Response;
let calls: { method: string; body: unknown }[] = [];

function serve(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method: init.method ?? 'GET', body });
      return Promise.resolve(handler(init.method ?? 'GET', body));
    }),
  );
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;

beforeEach(() => {
  calls = [];
  activeDashboard.set('sdwan');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStore.clear();
  // The notifications store outlives a render: one test's toast must not show in the next.
  notifications.clean();
});

describe('tenant settings toggles', () => {
  it('saves a toggle at once and switches the active dashboard to Zero Trust with vpnDashboard', async () => {
    signIn('owner');
    serve((method) => (method === 'GET' ? jsonResponse(200, stored()) : jsonResponse(200, stored({ vpnDashboard: true }))));
    const { user } = renderWithProviders(withQueryClient(<SettingsPanel />));

    await user.click(await screen.findByRole('switch', { name: 'VPN Dashboard' }));
    expect(await screen.findByText(TEAM_MESSAGES.settingsSaved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ dashboard: { vpnDashboard: true } });
    expect(activeDashboard.get()).toBe('ztna');
    expect(toggle('VPN Dashboard').checked).toBe(true);
  });

  it('turning vpnDashboard off makes SD-WAN the active dashboard; auto-approve saves its own field', async () => {
    signIn('admin');
    activeDashboard.set('ztna');
    serve((method, body) =>
      method === 'GET'
        ? jsonResponse(200, stored({ vpnDashboard: true }))
        : jsonResponse(200, { ...stored(), devReg_autoApprove: (body as { devReg_autoApprove?: boolean }).devReg_autoApprove ?? true }),
    );
    const { user } = renderWithProviders(withQueryClient(<SettingsPanel />));
    await user.click(await screen.findByRole('switch', { name: 'Auto Registeration' }));
    await waitFor(() => expect(activeDashboard.get()).toBe('sdwan'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ devReg_autoApprove: false, dashboard: {} });
  });

  it('reloads the stored settings 500 ms after a failed save, without a message', async () => {
    signIn('owner');
    serve((method) => (method === 'GET' ? jsonResponse(200, stored()) : jsonResponse(400, { detail: 'Bad', code: 'invalid' })));
    const { user } = renderWithProviders(withQueryClient(<SettingsPanel />));
    await user.click(await screen.findByRole('switch', { name: 'Usage Graph' }));
    expect(toggle('Usage Graph').checked).toBe(true);

    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2), { timeout: 2000 });
    await waitFor(() => expect(toggle('Usage Graph').checked).toBe(false));
    expect(screen.queryByText(TEAM_MESSAGES.settingsSaved)).toBeNull();
    expect(screen.queryByText('Bad')).toBeNull();
    expect(activeDashboard.get()).toBe('sdwan');
  });

  it('does not reload before the 500 ms have passed', async () => {
    signIn('owner');
    serve((method) => (method === 'GET' ? jsonResponse(200, stored()) : jsonResponse(500, { detail: 'x', code: 'server_error' })));
    const { user } = renderWithProviders(withQueryClient(<SettingsPanel />));
    await user.click(await screen.findByRole('switch', { name: 'URL Stats' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await new Promise((r) => setTimeout(r, 250));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
  });

  it.each(['viewer', 'editor'] as const)('shows the settings read-only to a %s', async (role) => {
    signIn(role);
    serve(() => jsonResponse(200, stored({ netflow: true })));
    renderWithProviders(withQueryClient(<SettingsPanel />));
    expect(((await screen.findByRole('switch', { name: 'Usage Graph' })) as HTMLInputElement).checked).toBe(true);
    for (const name of ['Commercial View', 'Usage Graph', 'VPN Dashboard', 'Auto Registeration']) expect(toggle(name).disabled).toBe(true);
    expect(screen.getByText('Only owners and admins can change these settings.')).toBeTruthy();
  });

  it('keeps WAN 3 disabled until a device has a third WAN link', async () => {
    signIn('owner');
    serve(() => jsonResponse(200, stored({}, false)));
    renderWithProviders(withQueryClient(<SettingsPanel />));
    expect(((await screen.findByRole('switch', { name: 'WAN 3' })) as HTMLInputElement).disabled).toBe(true);
    expect(toggle('VPN Status').disabled).toBe(false);
  });

  it("says 'Error occured in settings' when the settings cannot be loaded", async () => {
    signIn('owner');
    serve(() => jsonResponse(403, { detail: 'nope', code: 'permission_denied' }));
    renderWithProviders(withQueryClient(<SettingsPanel />));
    expect(await screen.findByText(TEAM_MESSAGES.settingsLoadFailed)).toBeTruthy();
  });
});
