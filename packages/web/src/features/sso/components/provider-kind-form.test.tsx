import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { ProviderKindForm } from './provider-kind-form';

const PROVIDER_ID = '1b0c0000-0000-4000-8000-000000000002';
const saved = {
  id: PROVIDER_ID,
  name: 'ADFS',
  kind: 'saml',
  enabled: true,
  issuer: 'https://adfs.acme.example/adfs/services/trust',
  client_id: '',
  client_secret_set: false,
  scopes: '',
  groups_claim: 'memberOf',
  redirect_uri: 'http://console.test/auth/sso',
  saml: {
    idp_entity_id: 'https://adfs.acme.example/adfs/services/trust',
    idp_sso_url: 'https://adfs.acme.example/adfs/ls/',
    idp_certificates: [],
    metadata_url: 'https://adfs.acme.example/FederationMetadata.xml',
    sp_entity_id: `http://console.test/api/v1/auth/saml/${PROVIDER_ID}/metadata/`,
    acs_url: `http://console.test/api/v1/auth/saml/${PROVIDER_ID}/acs/`,
    sp_metadata_url: `http://console.test/api/v1/auth/saml/${PROVIDER_ID}/metadata/`,
  },
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('the identity provider form, SAML 2.0', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('adds a SAML provider from its metadata URL with its groups attribute', async () => {
    signIn('owner');
    const api = fakeApi({ 'POST tenant/sso/saml-providers/': () => saved });
    const onDone = vi.fn();
    const { user } = renderWithProviders(withQueryClient(<ProviderKindForm provider={null} onDone={onDone} />));
    await user.click(screen.getByRole('radio', { name: 'SAML 2.0' }));
    expect(screen.queryByRole('textbox', { name: /^Client ID/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'ADFS');
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    expect(await screen.findByText('Enter the metadata URL, e.g. https://idp.example.com/metadata')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /^Metadata URL/ }), 'https://adfs.acme.example/FederationMetadata.xml');
    const groups = screen.getByRole('textbox', { name: /^Groups attribute/ });
    await user.clear(groups);
    await user.type(groups, 'memberOf');
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toEqual({
      name: 'ADFS',
      enabled: true,
      metadata_url: 'https://adfs.acme.example/FederationMetadata.xml',
      groups_attribute: 'memberOf',
    });
  });

  it('shows the server’s reason when the metadata cannot be used', async () => {
    signIn('owner');
    fakeApi({
      'POST tenant/sso/saml-providers/': () =>
        jsonResponse(400, {
          detail: 'This is not SAML 2.0 metadata (an EntityDescriptor).',
          code: 'validation_error',
          errors: { metadata_xml: ['This is not SAML 2.0 metadata (an EntityDescriptor).'] },
        }),
    });
    const { user } = renderWithProviders(withQueryClient(<ProviderKindForm provider={null} onDone={vi.fn()} />));
    await user.click(screen.getByRole('radio', { name: 'SAML 2.0' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'ADFS');
    await user.click(screen.getByRole('radio', { name: 'Paste XML' }));
    await user.type(screen.getByRole('textbox', { name: /^Metadata XML/ }), '<html/>');
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    expect((await screen.findAllByText('This is not SAML 2.0 metadata (an EntityDescriptor).')).length).toBeGreaterThan(0);
  });
});
