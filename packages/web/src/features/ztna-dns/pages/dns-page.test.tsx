import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DnsGroup } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { fakeApi, pageOf } from '@/test/fake-api';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { DnsPage } from './dns-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const CORP = 'd0000000-0000-4000-8000-000000000001';
const PRIMARY = 'd0000000-0000-4000-8000-000000000002';
const SALES = '6b000000-0000-4000-8000-000000000001';
const ENGINEERS = '5c000000-0000-4000-8000-000000000001';

const group = (id: string, name: string, order: number, over: Partial<DnsGroup> = {}): DnsGroup => ({
  id,
  name,
  order,
  nameservers: ['10.0.0.53'],
  match_domains: [],
  search_domains: [],
  groups: [],
  security_groups: [],
  enabled: true,
  ...over,
});
const corp = group(CORP, 'Corporate', 1, { match_domains: ['corp.example.com'], search_domains: ['corp.example.com'], security_groups: [ENGINEERS] });
const primary = group(PRIMARY, 'Public', 2, { nameservers: ['1.1.1.1', '8.8.8.8'] });

function fakeDnsApi(groups: DnsGroup[], answer?: Parameters<typeof fakeApi>[1]) {
  return fakeApi(
    {
      'GET tenant/ztna/dns/': () => groups,
      'GET teams/groups/': () => pageOf([{ id: SALES, name: 'Sales', description: '', members: [], created_at: '2025-01-01T00:00:00Z' }]),
      'GET tenant/ztna/security-groups/': () => [{ id: ENGINEERS, name: 'Engineers', description: '', kind: 'both', users: [], endpoints: [], rule: null }],
    },
    answer,
  );
}
const render = () => renderWithProviders(withQueryClient(<DnsPage />));

describe('DNS', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the nameserver groups in order: match domains or All domains for the primary, search domains, who gets them', async () => {
    fakeDnsApi([primary, corp]);
    render();
    const table = await screen.findByRole('table', { name: 'Nameserver groups' });
    await within(table).findByText('Corporate');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Corporate')).toBeTruthy();
    expect(within(rows[0]!).getByText('Engineers')).toBeTruthy();
    expect(within(rows[0]!).getAllByText('corp.example.com')).toHaveLength(2);
    expect(within(rows[1]!).getByText('All domains')).toBeTruthy();
    expect(within(rows[1]!).getByText('Primary')).toBeTruthy();
    expect(within(rows[1]!).getByText('1.1.1.1, 8.8.8.8')).toBeTruthy();
    expect(within(rows[1]!).getByText('Everyone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Corporate up' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move Public down' }).hasAttribute('disabled')).toBe(true);
  });

  it('adds a split-DNS group: the nameserver and domain chips check their values, and the group is sent with who gets it', async () => {
    const api = fakeDnsApi([], (c) => (c.method === 'POST' ? jsonResponse(201, corp) : undefined));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add nameserver group' }));
    const form = await screen.findByRole('form', { name: 'Add nameserver group' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Field is required')).toBeTruthy();
    expect(within(form).getByText('Add at least one nameserver')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Corporate');
    const ns = within(form).getByRole('textbox', { name: 'Nameservers' });
    await user.type(ns, '10.0.0{Enter}');
    expect(within(form).getByText('Should be in the format x.x.x.x')).toBeTruthy();
    await user.clear(ns);
    await user.type(ns, '10.0.0.53{Enter}10.0.0.53{Enter}');
    expect(within(form).getByText('Duplicate Value Found')).toBeTruthy();
    await user.clear(ns);
    const match = within(form).getByRole('textbox', { name: 'Match domains' });
    await user.type(match, 'not a domain{Enter}');
    expect(within(form).getByText('Enter a domain such as corp.example.com')).toBeTruthy();
    await user.clear(match);
    await user.type(match, 'corp.example.com{Enter}');
    await user.type(within(form).getByRole('textbox', { name: 'Search domains' }), 'corp.example.com{Enter}');
    await user.click(within(form).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.query.get('tenant_id')).toBe(TENANT);
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: 'tenant/ztna/dns/',
      body: {
        name: 'Corporate',
        nameservers: ['10.0.0.53'],
        match_domains: ['corp.example.com'],
        search_domains: ['corp.example.com'],
        groups: [SALES],
        security_groups: [],
        enabled: true,
      },
    });
  });

  it('moves a group down, edits one in place and deletes one after a confirmation', async () => {
    const api = fakeDnsApi([corp, primary], (c) =>
      c.method === 'PUT' ? jsonResponse(200, corp) : c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Move Corporate down' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: `tenant/ztna/dns/${CORP}/`, body: { name: 'Corporate', order: 2 } });

    await user.click(screen.getByRole('button', { name: 'Edit Public' }));
    const form = await screen.findByRole('form', { name: 'Edit nameserver group' });
    await user.click(within(form).getByRole('switch', { name: 'Enabled' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toMatchObject({ method: 'PUT', path: `tenant/ztna/dns/${PRIMARY}/`, body: { enabled: false, order: 2 } });

    await user.click(screen.getByRole('button', { name: 'Delete Public' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(3));
    expect(api.writes()[2]).toMatchObject({ method: 'DELETE', path: `tenant/ztna/dns/${PRIMARY}/` });
  });
  it('shows why the server refused a match domain another group answers for, at the field and above the form', async () => {
    const detail = "corp.example.com is already a match domain of the DNS group 'Corporate'";
    const api = fakeDnsApi([corp], (c) =>
      c.method === 'POST' ? jsonResponse(400, { detail: `${detail}.`, code: 'invalid', errors: { match_domains: [detail] } }) : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Add nameserver group' }));
    const form = await screen.findByRole('form', { name: 'Add nameserver group' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Branch');
    await user.type(within(form).getByRole('textbox', { name: 'Nameservers' }), '10.1.0.53{Enter}');
    await user.type(within(form).getByRole('textbox', { name: 'Match domains' }), 'corp.example.com{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(await within(form).findByText(detail)).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toBe(`${detail}.`);
  });
});
