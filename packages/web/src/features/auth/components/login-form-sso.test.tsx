import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { LoginForm } from './login-form';

const SSO_DOMAIN = { sso: true, required: true };

function renderForm() {
  const api = fakeApi({
    'GET auth/login-options/': () => ({ google: null }),
    'POST auth/user-domain/': (c) => ((c.body as { email: string }).email.endsWith('@sso.example') ? SSO_DOMAIN : { sso: false, required: false }),
    'POST auth/redirect-url/': () => ({ redirect_url: 'https://idp.example/authorize?state=s' }),
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const view = renderWithProviders(withQueryClient(<MemoryRouter>{<LoginForm onResult={vi.fn()} returnTo="/auth/microZAccess?state=x" />}</MemoryRouter>));
  return { ...view, api, assign };
}

describe('the login form with single sign-on', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('sends an e-mail of an SSO domain to its provider instead of asking for a password', async () => {
    const { user, api, assign } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email or username' }), 'ada@sso.example');
    const go = await screen.findByRole('button', { name: 'Continue with single sign-on' });
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.click(go);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?state=s'));
    expect(api.writes().find((c) => c.path === 'auth/redirect-url/')?.body).toEqual({ email: 'ada@sso.example', remember: false });
    // The client's sign-in page is where the browser returns to once signed in.
    expect(sessionStorage.getItem('netloom.sso-return')).toBe('/auth/microZAccess?state=x');
  });

  it('keeps a password one click away for break-glass owners', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email or username' }), 'owner@sso.example');
    await user.click(await screen.findByRole('button', { name: 'Use a password instead' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks for a password as before when the domain has no SSO', async () => {
    const { user, api } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Email or username' }), 'ada@plain.example');
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === 'auth/user-domain/')).toBe(true));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with single sign-on' })).toBeNull();
  });
});
