import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { ENGINEERS, fakeOnboardingApi, KEY_ID, keyRow, TENANT } from '@/features/ztna-onboarding/components/fake-onboarding-api';
import { OnboardingPage } from './onboarding-page';

const render = (tab = 'client') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/ztna/organization/onboarding/${tab}`]}>
        <Routes>
          <Route path="/ztna/organization/onboarding/:tab" element={<OnboardingPage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
const SECRET = 'nlk_ab12CDEFghijKLMNopqrSTUVwxyz0123456789';

describe('Onboarding › Clients', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('invites users by e-mail: refuses a bad address at the chip, sends the list with the days and groups, and lists who enrolled', async () => {
    const api = fakeOnboardingApi({}, (c) => (c.method === 'POST' && c.path === 'tenant/ztna/invites/' ? jsonResponse(201, []) : undefined));
    const { user } = render();
    const invites = await screen.findByRole('table', { name: 'Invites' });
    expect(within((await within(invites).findByText('ana@acme.test')).closest('tr')!).getByText('Enrolled')).toBeTruthy();
    expect(within(within(invites).getByText('raj@acme.test').closest('tr')!).getByText('Not enrolled yet')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Invite users' });
    await user.click(within(form).getByRole('button', { name: 'Send invites' }));
    expect(await within(form).findByText('Add at least one e-mail')).toBeTruthy();
    const emails = within(form).getByRole('textbox', { name: 'E-mail addresses' });
    await user.type(emails, 'not-an-email{Enter}');
    expect(within(form).getByText('Enter valid Email')).toBeTruthy();
    await user.clear(emails);
    await user.type(emails, 'lee@acme.test{Enter}kim@acme.test{Enter}');
    const days = within(form).getByRole('textbox', { name: 'Valid for (days)' });
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(form).getByRole('combobox', { name: 'Security groups' }));
    await user.click(await screen.findByRole('option', { name: 'Engineers' }));
    await user.click(within(form).getByRole('button', { name: 'Send invites' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      path: 'tenant/ztna/invites/',
      body: { emails: ['lee@acme.test', 'kim@acme.test'], valid_days: 14, security_groups: [ENGINEERS] },
    });
    expect(api.writes()[0]!.query.get('tenant_id')).toBe(TENANT);
    expect(await screen.findByText('2 invites sent')).toBeTruthy();
  });

  it('creates an enrolment key and shows it once, with a copy button and the install steps and downloads', async () => {
    const created = { ...keyRow({ id: '4b000000-0000-4000-8000-000000000002', name: 'Fleet', uses: 0, usage_limit: 10 }), key: SECRET };
    const api = fakeOnboardingApi({}, (c) => (c.method === 'POST' && c.path === 'tenant/ztna/enrolment-keys/' ? jsonResponse(201, created) : undefined));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create enrolment key' }));
    const form = await screen.findByRole('form', { name: 'Create enrolment key' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Field is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Key name' }), 'Fleet');
    await user.click(within(form).getByRole('switch', { name: /Reusable/ }));
    await user.type(within(form).getByRole('textbox', { name: 'Usage limit' }), '10');
    await user.click(within(form).getByRole('combobox', { name: 'Security groups' }));
    await user.click(await screen.findByRole('option', { name: 'Engineers' }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const body = api.writes()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Fleet', reusable: true, usage_limit: 10, security_groups: [ENGINEERS], auto_approve: true });
    // 'In 7 days' by default.
    expect(Date.parse(body.expires_at as string) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const dialog = await screen.findByRole('dialog', { name: 'Enrolment key created' });
    expect(within(dialog).getByLabelText('Enrolment key').textContent).toBe(SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy key' })).toBeTruthy();
    expect((await within(dialog).findByRole('link', { name: 'Windows installer (.msi)' })).getAttribute('href')).toBe(
      'https://downloads.example/MicroZAccess.msi',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Mac' }));
    expect(within(dialog).getByText(/Download version 2.1.10 for/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Mac with Apple chip (.pkg)' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole('table', { name: 'Enrolment keys' }).textContent).toContain('nlk_ab12…');
  });

  it('lists keys with their uses, state and groups; revokes and deletes after a confirmation', async () => {
    const api = fakeOnboardingApi(
      { keys: [keyRow(), keyRow({ id: '4b000000-0000-4000-8000-000000000003', name: 'Old', reusable: false, uses: 1, state: 'used_up' })] },
      (c) => (c.method === 'POST' ? jsonResponse(200, keyRow({ state: 'revoked' })) : c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined),
    );
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Enrolment keys' });
    const laptops = within((await within(table).findByText('Laptops')).closest('tr')!);
    expect(laptops.getByText('Reusable')).toBeTruthy();
    expect(laptops.getByText('3 / 50')).toBeTruthy();
    expect(laptops.getByText('Active')).toBeTruthy();
    expect(laptops.getByText('Engineers')).toBeTruthy();
    const old = within(within(table).getByText('Old').closest('tr')!);
    expect(old.getByText('1 / 1')).toBeTruthy();
    expect(old.getByText('Used up')).toBeTruthy();
    expect(old.getByRole('button', { name: 'Revoke Old' }).hasAttribute('disabled')).toBe(true);

    await user.click(laptops.getByRole('button', { name: 'Revoke Laptops' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: `tenant/ztna/enrolment-keys/${KEY_ID}/revoke/` });

    await user.click(laptops.getByRole('button', { name: 'Delete Laptops' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: `tenant/ztna/enrolment-keys/${KEY_ID}/` });
  });

  it('leaves keys and invites to owners and admins', async () => {
    signIn('editor');
    fakeOnboardingApi();
    render();
    expect(await screen.findByText('Laptops')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create enrolment key' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite users' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke Laptops' })).toBeNull();
  });
});
