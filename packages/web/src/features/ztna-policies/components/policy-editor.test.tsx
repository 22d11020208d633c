import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderEditor, signedInAs } from '@/test/query-wrapper';
import { CRM, fakeZtnaPoliciesApi, policy, SALES, TENANT } from './fake-ztna-policies-api';
import { PolicyEditor } from './policy-editor';

const open = (props: { policy?: Parameters<typeof PolicyEditor>[0]['policy'] } = {}) => renderEditor(PolicyEditor, props);

describe('access policy editor', { timeout: 30_000 }, () => {
  signedInAs('editor');

  it("says what is missing with the server's messages and sends nothing", async () => {
    const api = fakeZtnaPoliciesApi();
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(screen.getByText('Choose who the policy is for')).toBeTruthy();
    expect(screen.getByText('Choose at least one server or site')).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('shows a bad minimum OS version at its own field', async () => {
    const api = fakeZtnaPoliciesApi();
    const { user } = open();
    await user.type(screen.getByRole('textbox', { name: 'Policy name' }), 'Sales CRM');
    await user.click(screen.getByRole('checkbox', { name: /Everyone/ }));
    await user.click(screen.getByRole('combobox', { name: 'Servers' }));
    await user.click(await screen.findByRole('option', { name: 'CRM (crm.corp.example)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Windows' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum Windows version' }), 'eleven');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Use a version such as 2.1.10')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Minimum Windows version' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.writes()).toEqual([]);
  });

  it('sends the policy: a group, a server narrowed to a port, and posture conditions', async () => {
    const created = policy('9d0c0000-0000-4000-8000-000000000001', 'Sales CRM', 1);
    const api = fakeZtnaPoliciesApi({ answer: (c) => (c.method === 'POST' ? jsonResponse(201, created) : undefined) });
    const { user, onDone } = open();
    await user.type(screen.getByRole('textbox', { name: 'Policy name' }), 'Sales CRM');
    await user.click(screen.getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.click(screen.getByRole('combobox', { name: 'Servers' }));
    await user.click(await screen.findByRole('option', { name: 'CRM (crm.corp.example)' }));

    await user.click(screen.getByRole('button', { name: 'Add port rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Ports of port rule 1' }), '70000{Enter}');
    expect(screen.getByText('Please Enter a valid port or port range')).toBeTruthy();
    await user.clear(screen.getByRole('textbox', { name: 'Ports of port rule 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Ports of port rule 1' }), '443{Enter}');

    await user.click(screen.getByRole('checkbox', { name: 'Windows' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum Windows version' }), '10.0.19045');
    await user.type(screen.getByRole('textbox', { name: 'Minimum client version' }), '2.1.10');
    await user.click(screen.getByRole('switch', { name: 'Require firewall on' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [post] = api.writes();
    expect(post!.path).toBe('tenant/ztna/policies/');
    expect(post!.query.get('tenant_id')).toBe(TENANT);
    expect(post!.body).toEqual({
      name: 'Sales CRM',
      description: '',
      enabled: true,
      action: 'allow',
      sources: { everyone: false, users: [], groups: [SALES], security_groups: [] },
      destinations: { servers: [CRM], sites: [], ports: [{ protocol: 'tcp', ports: ['443'] }] },
      schedule: null,
      posture: {
        os: [{ os: 'windows', min_version: '10.0.19045' }],
        min_client_version: '2.1.10',
        countries: [],
        disk_encryption: false,
        firewall: true,
        approved: false,
      },
    });
  });

  it('keeps the place of an edited policy, and drops posture from a deny', async () => {
    const saved = policy('9d0c0000-0000-4000-8000-000000000002', 'Block wiki', 3, {
      posture: { os: [], min_client_version: '2.0', countries: [], disk_encryption: true, firewall: false, approved: false },
    });
    const api = fakeZtnaPoliciesApi({ answer: (c) => (c.method === 'PUT' ? jsonResponse(200, saved) : undefined) });
    const { user, onDone } = open({ policy: saved });
    await user.click(screen.getByRole('radio', { name: 'Deny' }));
    expect(screen.queryByRole('textbox', { name: 'Minimum client version' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [put] = api.writes();
    expect(put!.path).toBe('tenant/ztna/policies/9d0c0000-0000-4000-8000-000000000002/');
    expect(put!.body).toMatchObject({ action: 'deny', order: 3, posture: { min_client_version: null, disk_encryption: false } });
  });

  it("shows the server's field error at its field", async () => {
    fakeZtnaPoliciesApi({
      answer: (c) =>
        c.method === 'POST'
          ? jsonResponse(400, { detail: 'Invalid input', code: 'invalid', errors: { name: ['A policy with this name already exists'] } })
          : undefined,
    });
    const { user } = open();
    await user.type(screen.getByRole('textbox', { name: 'Policy name' }), 'Twice');
    await user.click(screen.getByRole('checkbox', { name: /Everyone/ }));
    await user.click(screen.getByRole('combobox', { name: 'Sites' }));
    await user.click(await screen.findByRole('option', { name: 'Paris' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A policy with this name already exists')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Policy name' }).getAttribute('aria-invalid')).toBe('true');
  });
});
