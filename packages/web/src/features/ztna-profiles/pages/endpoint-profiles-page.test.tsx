import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import {
  DEFAULT_ID,
  defaultProfile,
  DEV_ID,
  fakeProfilesApi,
  LAPTOP,
  profile,
  RELAY,
  SALES,
  TENANT,
} from '@/features/ztna-profiles/components/fake-ztna-profiles-api';
import { EndpointProfilesPage } from './endpoint-profiles-page';

const render = (url = '/ztna/device/configure/overlay-mesh-vpn') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <EndpointProfilesPage />
      </MemoryRouter>,
    ),
  );

describe('Endpoint Profiles', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the Classic ZTNA profiles with the default mza marked and not deletable; Dev App profiles on their tab', async () => {
    fakeProfilesApi({ profiles: [defaultProfile, profile(DEV_ID, 'builders', { kind: 'dev_app' })] });
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Classic ZTNA profiles' });
    expect(await within(table).findByText('mza')).toBeTruthy();
    expect(within(table).getByText('Default')).toBeTruthy();
    expect(within(table).getByText('Everyone else')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete mza' }).hasAttribute('disabled')).toBe(true);
    expect(within(table).queryByText('builders')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Dev App' }));
    const dev = await screen.findByRole('table', { name: 'Dev App profiles' });
    expect(within(dev).getByText('builders')).toBeTruthy();
  });

  it("says what is missing with the spec's messages and sends nothing; then creates the profile", async () => {
    const api = fakeProfilesApi({}, (c) => (c.method === 'POST' ? jsonResponse(201, profile(DEV_ID, 'Sales laptops')) : undefined));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Create Profile' }));
    expect(await screen.findByRole('dialog', { name: 'Create Profile' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Create profile' });
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Field is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Profile name' }), 'Sales laptops');
    await user.type(within(form).getByRole('textbox', { name: 'Fallback nameservers' }), '10.0.0{Enter}');
    expect(within(form).getByText('Should be in the format x.x.x.x')).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: 'Fallback nameservers' }));
    await user.type(within(form).getByRole('textbox', { name: 'Fallback nameservers' }), '10.0.0.53{Enter}');
    await user.type(within(form).getByRole('textbox', { name: 'Routes' }), '10.20.0.0/16{Enter}');
    await user.click(within(form).getByRole('combobox', { name: 'Overlay servers' }));
    await user.click(await screen.findByRole('option', { name: 'Mumbai relay (india)' }));
    await user.click(within(form).getByRole('combobox', { name: 'Endpoints' }));
    await user.click(await screen.findByRole('option', { name: 'ana-laptop (ana@acme.test)' }));
    await user.click(within(form).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));
    await user.click(within(form).getByRole('switch', { name: /Connect automatically/ }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const [post] = api.writes();
    expect(post!.path).toBe('tenant/ztna/profiles/');
    expect(post!.query.get('tenant_id')).toBe(TENANT);
    expect(post!.body).toEqual({
      name: 'Sales laptops',
      description: '',
      kind: 'classic',
      relays: [RELAY],
      dns: { use_tenant_dns: true, nameservers: ['10.0.0.53'] },
      split_tunnel: { mode: 'include', routes: ['10.20.0.0/16'] },
      resources: [],
      auto_connect: false,
      assigned: { endpoints: [LAPTOP], groups: [SALES] },
    });
    expect(await screen.findByText('Profile added successfully')).toBeTruthy();
  });

  it("keeps the default profile's name and shows the server's field error at its field", async () => {
    const api = fakeProfilesApi({}, (c) =>
      c.method === 'PUT'
        ? jsonResponse(400, { detail: 'Invalid input', code: 'invalid', errors: { 'dns.nameservers': ['Duplicate Value Found'] } })
        : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit mza' }));
    const form = await screen.findByRole('form', { name: 'Edit profile' });
    expect(within(form).getByRole('textbox', { name: 'Profile name' }).hasAttribute('disabled')).toBe(true);
    expect(within(form).queryByRole('combobox', { name: 'Endpoints' })).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Fallback nameservers' }), '1.1.1.1{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Duplicate Value Found')).toBeTruthy();
    const [put] = api.writes();
    expect(put!.method).toBe('PUT');
    expect(put!.path).toBe(`tenant/ztna/profiles/${DEFAULT_ID}/`);
    expect(put!.body).toMatchObject({ name: 'mza', dns: { nameservers: ['1.1.1.1'] } });
  });

  it('deletes a profile after the confirmation', async () => {
    const api = fakeProfilesApi({ profiles: [defaultProfile, profile(DEV_ID, 'contractors')] }, (c) =>
      c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete contractors' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'DELETE', path: `tenant/ztna/profiles/${DEV_ID}/` });
  });

  it('shows viewers the profiles without the create, edit and delete controls', async () => {
    signIn('viewer');
    fakeProfilesApi();
    render();
    expect(await screen.findByText('mza')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit mza' })).toBeNull();
  });
});
