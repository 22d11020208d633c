import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { ProviderForm } from './provider-form';

const saved = {
  id: '1b0c0000-0000-4000-8000-000000000001',
  name: 'Okta',
  kind: 'oidc',
  enabled: true,
  issuer: 'https://acme.okta.example',
  client_id: 'netloom',
  client_secret_set: true,
  scopes: 'openid email profile',
  groups_claim: 'groups',
  redirect_uri: 'http://console.test/auth/sso',
  saml: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('the identity provider form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('adds an OpenID Connect provider with its secret', async () => {
    signIn('owner');
    const api = fakeApi({ 'POST tenant/sso/providers/': () => saved });
    const onDone = vi.fn();
    const { user } = renderWithProviders(withQueryClient(<ProviderForm provider={null} onDone={onDone} />));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Okta');
    await user.type(screen.getByRole('textbox', { name: /^Issuer URL/ }), 'https://acme.okta.example');
    await user.type(screen.getByRole('textbox', { name: /^Client ID/ }), 'netloom');
    await user.type(screen.getByLabelText(/^Client secret/), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toMatchObject({
      name: 'Okta',
      issuer: 'https://acme.okta.example',
      client_id: 'netloom',
      client_secret: 's3cret',
      enabled: true,
    });
  });

  it('keeps the stored secret when an edit leaves it blank, and refuses a non-http issuer', async () => {
    signIn('owner');
    const api = fakeApi({ [`PUT tenant/sso/providers/${saved.id}/`]: () => saved });
    const onDone = vi.fn();
    const { user } = renderWithProviders(withQueryClient(<ProviderForm provider={saved as never} onDone={onDone} />));
    const issuer = screen.getByRole('textbox', { name: /^Issuer URL/ });
    await user.clear(issuer);
    await user.type(issuer, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save provider' }));
    expect(await screen.findByText('Enter the issuer URL, e.g. https://login.example.com')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.clear(issuer);
    await user.type(issuer, 'https://new.okta.example');
    await user.click(screen.getByRole('button', { name: 'Save provider' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.writes()[0]?.body).not.toHaveProperty('client_secret');
  });
});
