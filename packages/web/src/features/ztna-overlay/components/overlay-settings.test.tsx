import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ZTNA_SETTINGS } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { fakeOverlayApi, LAPTOPS_SG, SALES_SG } from './fake-overlay-api';
import { IaoForm } from './iao-form';
import { OverlayAccessForm } from './overlay-access-form';

describe('overlay settings', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('saves the identity-aware overlay and sends the overlay access policy back as it was', async () => {
    const settings = { ...DEFAULT_ZTNA_SETTINGS, overlay_access: { peer_to_peer: true, allowed_pairs: [{ from: SALES_SG, to: LAPTOPS_SG }] } };
    const api = fakeOverlayApi({ settings });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<IaoForm writer />));
    const form = within(await screen.findByRole('form', { name: 'Identity-aware overlay' }));
    expect(form.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    await user.click(form.getByRole('checkbox', { name: 'Google' }));
    const hours = form.getByRole('textbox', { name: 'Sign in again after (hours)' });
    await user.clear(hours);
    await user.type(hours, '8');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      path: 'tenant/ztna/settings/',
      body: {
        iao: { enabled: true, identity_providers: ['password', 'sso'], reauth_hours: 8, idle_timeout_minutes: 60 },
        overlay_access: settings.overlay_access,
      },
    });
  });

  it('refuses an overlay with no sign-in method and sends nothing', async () => {
    const api = fakeOverlayApi();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<IaoForm writer />));
    const form = within(await screen.findByRole('form', { name: 'Identity-aware overlay' }));
    for (const name of ['Password', 'Google', 'Single sign-on (SSO)']) await user.click(form.getByRole('checkbox', { name }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Choose at least one')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('turns peer to peer on for one pair of security groups', async () => {
    const api = fakeOverlayApi();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<OverlayAccessForm writer />));
    const form = within(await screen.findByRole('form', { name: 'Overlay access policy' }));
    await user.click(form.getByRole('switch', { name: /Peer to peer/ }));
    expect(form.getByText('No pairs: any endpoint may reach any other.')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Add pair' }));
    await user.click(form.getByRole('combobox', { name: 'First group of pair 1' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    expect(form.getByText('A pair without both groups is not saved.')).toBeTruthy();
    await user.click(form.getByRole('combobox', { name: 'Second group of pair 1' }));
    await user.click(await screen.findByRole('option', { name: 'Windows laptops' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      iao: DEFAULT_ZTNA_SETTINGS.iao,
      overlay_access: { peer_to_peer: true, allowed_pairs: [{ from: SALES_SG, to: LAPTOPS_SG }] },
    });
  });
});
