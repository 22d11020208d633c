import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { ANA_LAPTOP, fakeOverlayApi, groups, LAPTOPS_SG, TENANT } from './fake-overlay-api';
import { GroupMembershipTab } from './group-membership-tab';
import { SecurityGroupsTab } from './security-groups-tab';

describe('security groups', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the groups with their kind and rule', async () => {
    vi.stubGlobal('fetch', fakeOverlayApi().fetch);
    renderWithProviders(withQueryClient(<SecurityGroupsTab writer />));
    const table = within(await screen.findByRole('table', { name: 'Security groups' }));
    const laptops = (await table.findByText('Windows laptops')).closest('tr')!;
    expect(within(laptops).getByText('Endpoints')).toBeTruthy();
    expect(within(laptops).getByText('Windows in United Kingdom')).toBeTruthy();
  });

  it('counts the endpoints in a group as its membership shows them, those its rule or users add included', async () => {
    vi.stubGlobal('fetch', fakeOverlayApi().fetch);
    renderWithProviders(withQueryClient(<SecurityGroupsTab writer />));
    const table = within(await screen.findByRole('table', { name: 'Security groups' }));
    const cells = (name: string) =>
      within(table.getByText(name).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    await table.findByText('Windows laptops');
    const endpointsColumn = table.getAllByRole('columnheader').findIndex((h) => h.textContent?.includes('Endpoints'));
    // None listed by hand: two by the rule, one by its user.
    expect(cells('Windows laptops')[endpointsColumn]).toBe('2');
    expect(cells('Sales')[endpointsColumn]).toBe('1');
  });

  it("checks the group with the server's rules, then sends only what its kind holds", async () => {
    const created = { ...groups()[1]!, id: '5ec00000-0000-4000-8000-000000000009', name: 'Ana laptops' };
    const api = fakeOverlayApi({ answer: (c) => (c.method === 'POST' ? jsonResponse(201, created) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<SecurityGroupsTab writer />));
    await user.click(await screen.findByRole('button', { name: 'Create Security Group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Security Group' }));

    await user.type(dialog.getByRole('textbox', { name: 'Users' }), 'not-an-email{Enter}');
    expect(dialog.getByText('Enter valid Email')).toBeTruthy();
    await user.clear(dialog.getByRole('textbox', { name: 'Users' }));
    await user.type(dialog.getByRole('textbox', { name: 'Users' }), 'bob@acme.test{Enter}');
    await user.click(dialog.getByRole('switch', { name: /Add endpoints by rule/ }));
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Field is required')).toBeTruthy();
    expect(dialog.getByText('A rule needs an OS or a country')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Ana laptops');
    await user.click(dialog.getByRole('radio', { name: 'Endpoints' }));
    expect(dialog.queryByRole('textbox', { name: 'Users' })).toBeNull();
    await user.click(dialog.getByRole('combobox', { name: 'Endpoints' }));
    await user.click(await screen.findByRole('option', { name: 'ana-laptop (ana@acme.test)' }));
    await user.click(dialog.getByRole('combobox', { name: 'Operating systems' }));
    await user.click(await screen.findByRole('option', { name: 'Windows' }));
    await user.click(dialog.getByRole('combobox', { name: 'Countries' }));
    await user.paste('United Kingdom');
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    await user.click(dialog.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [post] = api.writes();
    expect(post!.path).toBe('tenant/ztna/security-groups/');
    expect(post!.query.get('tenant_id')).toBe(TENANT);
    expect(post!.body).toEqual({
      name: 'Ana laptops',
      description: '',
      kind: 'endpoints',
      users: [],
      endpoints: [ANA_LAPTOP],
      rule: { os: ['windows'], countries: ['GB'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Security Group' })).toBeNull());
  });

  it('shows who is in a group now, and why', async () => {
    const api = fakeOverlayApi();
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<GroupMembershipTab />));
    expect(screen.getByText('Pick a security group')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Security group' }));
    await user.click(await screen.findByRole('option', { name: 'Windows laptops' }));
    const table = within(await screen.findByRole('table', { name: 'Member endpoints' }));
    expect(within((await table.findByText('ana-laptop')).closest('tr')!).getByText('By rule')).toBeTruthy();
    expect(within(table.getByText('kiosk').closest('tr')!).getByText('Listed')).toBeTruthy();
    expect(screen.getByText('Windows in United Kingdom')).toBeTruthy();
    expect(api.calls.some((c) => c.path === `tenant/ztna/security-groups/${LAPTOPS_SG}/members/`)).toBe(true);
  });
});
