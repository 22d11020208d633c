import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { fakeWebFilterApi, LAPTOP } from './fake-web-filter-api';
import { TestUrlTool } from './test-url-tool';

const blocked = {
  action: 'blocked',
  rule: 'category-block',
  policy: { id: '9d0c0000-0000-4000-8000-000000000001', name: 'No social' },
  matched: 'social-networking',
  reason: "Blocked by policy 'No social': category Social Networking",
  host: 'www.facebook.com',
  domain: 'facebook.com',
  category: { id: 'social-networking', name: 'Social Networking' },
  application: { id: 'facebook', name: 'Facebook' },
};

describe('Test a URL', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for a user and shows the decision, the policy, the rule and the reason', async () => {
    signIn('viewer');
    const api = fakeWebFilterApi({ answer: (c) => (c.path.endsWith('/test/') ? jsonResponse(200, blocked) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<TestUrlTool />));
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(screen.getByText('Field is required')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'ana@acme.test' }));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://www.facebook.com/');
    await user.click(screen.getByRole('button', { name: 'Test' }));

    expect(await screen.findByText("Blocked by policy 'No social': category Social Networking")).toBeTruthy();
    expect(screen.getByText('Blocked')).toBeTruthy();
    expect(screen.getByText("Policy 'No social'")).toBeTruthy();
    expect(screen.getByText('Category: Social Networking')).toBeTruthy();
    expect(screen.getByText('Facebook')).toBeTruthy();
    expect(api.writes()[0]).toMatchObject({
      path: 'tenant/config/webfilter-policy/test/',
      body: { url: 'https://www.facebook.com/', user: 'ana@acme.test', device_id: null },
    });
  });

  it("tests for an endpoint with its signed-in user, and shows the endpoint's configuration state", async () => {
    signIn('viewer');
    const api = fakeWebFilterApi({ answer: (c) => (c.path.endsWith('/test/') ? jsonResponse(200, { ...blocked, action: 'logged' }) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<TestUrlTool />));
    await user.click(screen.getByRole('radio', { name: 'Endpoint' }));
    await user.click(screen.getByRole('combobox', { name: 'Endpoint' }));
    await user.click(await screen.findByRole('option', { name: 'ana-laptop (ana@acme.test)' }));
    expect(screen.getByText('synced')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'facebook.com');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Allowed and logged')).toBeTruthy();
    await waitFor(() => expect(api.writes()[0]!.body).toEqual({ url: 'facebook.com', user: 'ana@acme.test', device_id: LAPTOP }));
  });

  it('refuses text that is not a web address, and sends nothing', async () => {
    signIn('viewer');
    const api = fakeWebFilterApi({ answer: (c) => (c.path.endsWith('/test/') ? jsonResponse(200, blocked) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<TestUrlTool />));
    await user.click(screen.getByRole('radio', { name: 'Anyone' }));
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Enter a web address, such as https://www.example.com/page or example.com')).toBeTruthy();
    expect(screen.queryByText('Allowed')).toBeNull();
    expect(api.writes()).toEqual([]);
  });
});
