import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Organisation } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { OrganisationSettingsPage } from './organisation-settings-page';

const organisation: Organisation = {
  tenant_id: '00000000-0000-4000-8000-00000000000a',
  tenantname: 'acme',
  display_name: 'Acme',
  legal_name: 'Acme Ltd',
  address: '',
  country: 'DE',
  phone: '',
  website: 'https://acme.example',
  timezone: null,
};

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <OrganisationSettingsPage />
      </MemoryRouter>,
    ),
  );

describe('organisation settings', () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('refuses a website that is not an http(s) address, saying so under the field, and sends nothing', async () => {
    const api = fakeApi({ 'GET tenant/organisation/': () => organisation, 'PUT tenant/organisation/': (c) => ({ ...organisation, ...(c.body as object) }) });
    const { user } = render();
    const website = await screen.findByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.click(website);
    await user.paste('javascript:alert(document.cookie)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a web address starting with http:// or https://')).toBeTruthy();
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toEqual([]);

    await user.clear(website);
    await user.click(website);
    await user.paste('https://acme.example/about');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ website: 'https://acme.example/about' });
    await waitFor(() => expect(screen.queryByText('Enter a web address starting with http:// or https://')).toBeNull());
  });

  it("shows the server's refusal of the website under the field", async () => {
    fakeApi({
      'GET tenant/organisation/': () => organisation,
      'PUT tenant/organisation/': () =>
        new Response(
          JSON.stringify({ detail: 'Invalid input.', code: 'invalid', errors: { website: ['Enter a web address starting with http:// or https://'] } }),
          {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    });
    const { user } = render();
    await screen.findByRole('textbox', { name: 'Website' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a web address starting with http:// or https://')).toBeTruthy();
  });
});
