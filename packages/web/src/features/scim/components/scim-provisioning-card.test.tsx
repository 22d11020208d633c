import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ScimToken } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { ScimProvisioningCard } from './scim-provisioning-card';

const okta: ScimToken = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Okta',
  prefix: 'nlscim_AbC123',
  default_role: 'viewer',
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 'owner@acme.test',
  last_used_at: null,
};

const render = () => renderWithProviders(withQueryClient(<ScimProvisioningCard />));

describe('user provisioning (SCIM) card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows an owner the base URL and the tokens by prefix, and a new token once, to copy', async () => {
    signIn('owner');
    const tokens = [okta];
    const api = fakeApi({
      'GET tenant/scim/tokens/': () => ({ results: tokens }),
      'POST tenant/scim/tokens/': (c) => {
        const body = c.body as { name: string; default_role: ScimToken['default_role'] };
        const made = { ...okta, id: '00000000-0000-4000-8000-0000000000a2', prefix: 'nlscim_XyZ789', name: body.name, default_role: body.default_role };
        tokens.push(made);
        return { ...made, token: 'nlscim_XyZ789-the-whole-secret' };
      },
    });
    const { user } = render();
    expect(await screen.findByRole('heading', { name: 'User provisioning (SCIM)' })).toBeTruthy();
    expect(screen.getByLabelText('SCIM base URL').textContent).toBe(`${window.location.origin}/scim/v2`);
    const table = await screen.findByRole('table', { name: 'Provisioning tokens' });
    expect(within(table).getByText('Okta')).toBeTruthy();
    expect(within(table).getByText('nlscim_AbC123…')).toBeTruthy();
    expect(within(table).getByText('Never')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'Entra ID');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ name: 'Entra ID', default_role: 'viewer' });
    expect((await screen.findByLabelText('Provisioning token')).textContent).toBe('nlscim_XyZ789-the-whole-secret');
    expect(await within(screen.getByRole('table', { name: 'Provisioning tokens' })).findByText('Entra ID')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Provisioning token')).toBeNull();
  });

  it('refuses a token without a name, saying so under the field, and sends nothing', async () => {
    signIn('owner');
    const api = fakeApi({ 'GET tenant/scim/tokens/': () => ({ results: [] }) });
    const { user } = render();
    expect(await screen.findByText(/No provisioning tokens yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('revokes a token after asking, and keeps it when the owner says no', async () => {
    signIn('owner');
    let tokens = [okta];
    const api = fakeApi({ 'GET tenant/scim/tokens/': () => ({ results: tokens }) }, (c) => {
      if (c.method !== 'DELETE' || c.path !== `tenant/scim/tokens/${okta.id}/`) return undefined;
      tokens = [];
      return new Response(null, { status: 204 });
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Revoke Okta' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Okta' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE tenant/scim/tokens/${okta.id}/`]));
    expect(await screen.findByText(/No provisioning tokens yet/)).toBeTruthy();
  });

  it('is not shown to an admin, and asks nothing of the server', async () => {
    signIn('admin');
    const api = fakeApi({ 'GET tenant/scim/tokens/': () => ({ results: [okta] }) });
    render();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('User provisioning (SCIM)')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
