import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CLIENT_RELEASES, ENDPOINT_OS_LABELS, latestRelease } from '@netloom/domain';
import { renderWithProviders } from '@/test/render';
import { fakeApi } from '@/test/fake-api';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import type { RolloutRow } from '@/features/ztna-updates/api/get-rollouts';
import { ClientUpdatesPage } from './client-updates-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const ENGINEERS = '5c000000-0000-4000-8000-000000000001';
const ROLLOUT = 'a1000000-0000-4000-8000-000000000001';
const rollout = (over: Partial<RolloutRow> = {}): RolloutRow => ({
  id: ROLLOUT,
  os: 'macos',
  version: '2.1.10',
  security_group: null,
  security_group_name: null,
  percentage: 25,
  created_by: 'owner@acme.test',
  created_at: '2026-11-20T10:00:00Z',
  targeted: 40,
  in_stage: 10,
  updated: 6,
  ...over,
});

function fakeUpdatesApi(rollouts: RolloutRow[], answer?: Parameters<typeof fakeApi>[1]) {
  return fakeApi(
    {
      'GET tenant/ztna/client-releases/': () =>
        CLIENT_RELEASES.map((r) => ({ ...r, os_label: ENDPOINT_OS_LABELS[r.os], latest: latestRelease(r.os)?.version === r.version })),
      'GET tenant/ztna/client-rollouts/': () => rollouts,
      'GET tenant/ztna/security-groups/': () => [{ id: ENGINEERS, name: 'Engineers', description: '', kind: 'both', users: [], endpoints: [], rule: null }],
      [`GET tenant/ztna/client-rollouts/${ROLLOUT}/progress/`]: () => [
        { device_id: 'e1', device_name: 'ana-mac', user: 'ana@acme.test', version: '2.1.10', state: 'updated', device_status: 'running' },
        { device_id: 'e2', device_name: 'raj-mac', user: 'raj@acme.test', version: '2.1.8', state: 'pending', device_status: 'running' },
        { device_id: 'e3', device_name: 'kim-mac', user: null, version: null, state: 'not_in_stage', device_status: 'offline' },
      ],
    },
    answer,
  );
}
const render = () => renderWithProviders(withQueryClient(<ClientUpdatesPage />));

describe('MicroZAccess updates', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('shows the latest version of each system (the Mac installer at 2.1.10) and each rollout with its progress', async () => {
    fakeUpdatesApi([rollout()]);
    render();
    expect(within(await screen.findByRole('region', { name: 'Latest for macOS' })).getByText('2.1.10')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Latest for Windows' })).getByText('2.1.12')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Latest for Linux' })).getByText('2.1.9')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rollouts' });
    const row = within((await within(table).findByText('2.1.10')).closest('tr')!);
    expect(row.getByText('All endpoints')).toBeTruthy();
    expect(row.getByText('25 %')).toBeTruthy();
    expect(row.getByText('6 / 10 in stage · 40 targeted')).toBeTruthy();
  });

  it('stages a client update to 50 % of a security group: the version is one of that system’s releases', async () => {
    const api = fakeUpdatesApi([], (c) => (c.method === 'POST' ? jsonResponse(201, rollout({ os: 'windows', version: '2.1.12', percentage: 50 })) : undefined));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create rollout' }));
    const form = await screen.findByRole('form', { name: 'Create rollout' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await within(form).findAllByText('Field is required')).length).toBe(2);
    expect(api.writes()).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: 'Operating system' }));
    await user.click(await screen.findByRole('option', { name: 'Windows' }));
    expect((within(form).getByRole('combobox', { name: 'Version' }) as HTMLInputElement).value).toBe('2.1.12');
    await user.click(within(form).getByRole('combobox', { name: 'Version' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['2.1.12', '2.1.11', '2.1.9']);
    await user.click(screen.getByRole('option', { name: '2.1.12' }));
    await user.click(within(form).getByRole('combobox', { name: 'Endpoints' }));
    await user.click(await screen.findByRole('option', { name: 'Engineers' }));
    const pct = within(form).getByRole('textbox', { name: 'Percentage' });
    await user.clear(pct);
    await user.type(pct, '50');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.query.get('tenant_id')).toBe(TENANT);
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: 'tenant/ztna/client-rollouts/',
      body: { os: 'windows', version: '2.1.12', security_group: ENGINEERS, percentage: 50 },
    });
    expect(await screen.findByText('Rollout added successfully')).toBeTruthy();
  });

  it('says why a second rollout of a system and version is refused, and keeps the form open', async () => {
    const refusal = {
      detail: 'A rollout of macOS 2.1.10 is already open: widen it instead.',
      code: 'conflict',
      errors: { version: ['macOS 2.1.10 is already being rolled out'] },
    };
    const api = fakeUpdatesApi([rollout()], (c) => (c.method === 'POST' ? jsonResponse(409, refusal) : undefined));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create rollout' }));
    const form = await screen.findByRole('form', { name: 'Create rollout' });
    await user.click(within(form).getByRole('combobox', { name: 'Operating system' }));
    await user.click(await screen.findByRole('option', { name: 'macOS' }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(within(form).getByRole('alert').textContent).toBe('A rollout of macOS 2.1.10 is already open: widen it instead.');
    expect(within(form).getByText('macOS 2.1.10 is already being rolled out')).toBeTruthy();
    // Refused: the form stays open, with what was chosen.
    expect(screen.getByRole('form', { name: 'Create rollout' })).toBe(form);
    expect((within(form).getByRole('combobox', { name: 'Version' }) as HTMLInputElement).value).toBe('2.1.10');
  });

  it('widens a rollout, shows its progress per endpoint and deletes it after a confirmation', async () => {
    const api = fakeUpdatesApi([rollout()], (c) =>
      c.method === 'PUT' ? jsonResponse(200, rollout({ percentage: 100 })) : c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Change percentage of 2.1.10 for macOS' }));
    const form = await screen.findByRole('form', { name: 'Change rollout percentage' });
    const pct = within(form).getByRole('textbox', { name: 'Percentage' });
    await user.clear(pct);
    await user.type(pct, '100');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: `tenant/ztna/client-rollouts/${ROLLOUT}/`, body: { percentage: 100 } });

    await user.click(screen.getByRole('button', { name: 'Progress of 2.1.10 for macOS' }));
    const progress = await screen.findByRole('table', { name: 'Rollout progress' });
    expect(within((await within(progress).findByText('ana-mac')).closest('tr')!).getByText('Updated')).toBeTruthy();
    expect(within(within(progress).getByText('raj-mac').closest('tr')!).getByText('Pending')).toBeTruthy();
    expect(within(within(progress).getByText('kim-mac').closest('tr')!).getByText('Not in stage')).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Delete rollout of 2.1.10 for macOS' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: `tenant/ztna/client-rollouts/${ROLLOUT}/` });
  });

  it('leaves rollouts to owners and admins', async () => {
    signIn('editor');
    fakeUpdatesApi([rollout()]);
    render();
    expect(await within(await screen.findByRole('table', { name: 'Rollouts' })).findByText('2.1.10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create rollout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change percentage of 2.1.10 for macOS' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Progress of 2.1.10 for macOS' })).toBeTruthy();
  });
});
