import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { ANA_LAPTOP, BOB_LAPTOP, CRM, fakeZtnaPoliciesApi, MANAGED, SALES } from './fake-ztna-policies-api';
import { ReachTool } from './reach-tool';

const POLICY = { id: '9d0c0000-0000-4000-8000-000000000001', name: 'Sales CRM' };
const deniedForFirewall = {
  action: 'deny',
  rule: 'posture',
  policy: POLICY,
  failed: { condition: 'firewall', message: 'The firewall is off' },
  reason: 'Sales CRM: The firewall is off',
  user: 'bob@acme.test',
  device: { id: BOB_LAPTOP, name: 'bob-laptop' },
  server: { id: CRM, name: 'CRM' },
  posture: { os: 'windows', os_version: '10.0.19045', client_version: '2.1.10', country: 'GB', disk_encrypted: true, firewall_on: false, approved: true },
  groups: [{ id: SALES, name: 'Sales' }],
  security_groups: [{ id: MANAGED, name: 'Managed laptops' }],
};

describe('who can reach what', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('viewer'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('checks an endpoint with its signed-in user and shows the deny, its policy, the failed condition, groups and posture', async () => {
    const api = fakeZtnaPoliciesApi({ answer: (c) => (c.path === 'tenant/ztna/policies/test/' ? jsonResponse(200, deniedForFirewall) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<ReachTool />));
    await user.click(screen.getByRole('radio', { name: 'Endpoint' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Endpoint' }));
    await user.click(await screen.findByRole('option', { name: 'bob-laptop (bob@acme.test)' }));
    await user.click(screen.getByRole('combobox', { name: 'Server' }));
    await user.click(await screen.findByRole('option', { name: 'CRM (crm.corp.example)' }));
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '443');
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const result = within(await screen.findByRole('region', { name: 'Access decision' }));
    expect(result.getByText('Deny')).toBeTruthy();
    expect(result.getByText('Sales CRM')).toBeTruthy();
    expect(result.getByTestId('failed-condition').textContent).toBe('Failed posture condition — Firewall: The firewall is off');
    expect(result.getByText('Sales')).toBeTruthy();
    expect(result.getByText('Managed laptops (security group)')).toBeTruthy();
    expect(result.getByText('Off')).toBeTruthy();
    expect(result.getByText('United Kingdom')).toBeTruthy();
    await waitFor(() =>
      expect(api.writes()[0]).toMatchObject({
        path: 'tenant/ztna/policies/test/',
        body: { user: 'bob@acme.test', device_id: BOB_LAPTOP, server_id: CRM, protocol: 'tcp', port: 443 },
      }),
    );
  });

  it('lists every endpoint of a server with allow or deny and the deciding policy', async () => {
    const { action, rule, policy, failed, reason } = deniedForFirewall;
    const rows = [
      {
        action: 'allow',
        rule: 'policy',
        policy: POLICY,
        failed: null,
        reason: 'Allowed by Sales CRM',
        device_id: ANA_LAPTOP,
        device_name: 'ana-laptop',
        user: 'ana@acme.test',
      },
      { action, rule, policy, failed, reason, device_id: BOB_LAPTOP, device_name: 'bob-laptop', user: 'bob@acme.test' },
      {
        action: 'deny',
        rule: 'default',
        policy: null,
        failed: null,
        reason: 'No policy allows this (default deny)',
        device_id: 'x',
        device_name: 'kiosk',
        user: null,
      },
    ];
    const api = fakeZtnaPoliciesApi({ answer: (c) => (c.path === 'tenant/ztna/policies/reach/' ? jsonResponse(200, rows) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<ReachTool />));
    await user.click(screen.getByRole('radio', { name: 'Everyone for a server' }));
    await user.click(screen.getByRole('combobox', { name: 'Server' }));
    await user.click(await screen.findByRole('option', { name: 'CRM (crm.corp.example)' }));
    await user.click(screen.getByRole('button', { name: 'List who can reach it' }));

    const table = within(await screen.findByRole('table', { name: 'Who can reach the server' }));
    const bob = table.getByText('bob-laptop').closest('tr')!;
    expect(within(bob).getByText('Deny')).toBeTruthy();
    expect(within(bob).getByText('Firewall: The firewall is off')).toBeTruthy();
    expect(within(table.getByText('ana-laptop').closest('tr')!).getByText('Allow')).toBeTruthy();
    expect(within(table.getByText('kiosk').closest('tr')!).getByText('Default deny')).toBeTruthy();
    expect(screen.getByText('1 of 3 endpoints allowed')).toBeTruthy();
    expect(api.writes()[0]).toMatchObject({ path: 'tenant/ztna/policies/reach/', body: { server_id: CRM, protocol: 'tcp', port: null } });
  });
});
