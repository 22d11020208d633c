import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { defaultProfile, DESKTOP, DEV_ID, endpoint, fakeProfilesApi, LAPTOP, profile } from '@/features/ztna-profiles/components/fake-ztna-profiles-api';
import { ProfileAssignmentsPage } from './profile-assignments-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <ProfileAssignmentsPage />
      </MemoryRouter>,
    ),
  );
const OLD_ID = '9f000000-0000-4000-8000-000000000003';

describe('Endpoint profile assignments', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists each enrolled endpoint with its profile, user and configuration sync state', async () => {
    fakeProfilesApi({
      endpoints: [endpoint(LAPTOP, 'ana-laptop'), endpoint(DESKTOP, 'raj-desktop', { user: 'raj@acme.test', profile: 'builders', config_sync: 'syncing' })],
    });
    render();
    const table = await screen.findByRole('table', { name: 'Endpoint profile assignments' });
    const row = (await within(table).findByText('raj-desktop')).closest('tr')!;
    expect(within(row).getByText('raj@acme.test')).toBeTruthy();
    expect(within(row).getByText('builders')).toBeTruthy();
    expect(within(row).getByText('Syncing')).toBeTruthy();
    expect(within(within(table).getByText('ana-laptop').closest('tr')!).getByText('Synced')).toBeTruthy();
  });

  it('assigns a profile to an endpoint: it leaves the profile naming it and joins the chosen one', async () => {
    const builders = profile(DEV_ID, 'builders', { assigned: { endpoints: [DESKTOP], groups: [] } });
    const old = profile(OLD_ID, 'old', { assigned: { endpoints: [LAPTOP, DESKTOP], groups: [] } });
    const api = fakeProfilesApi({ profiles: [defaultProfile, builders, old] }, (c) =>
      c.method === 'PUT' ? jsonResponse(200, { ...(c.path.includes(DEV_ID) ? builders : old), ...(c.body as object) }) : undefined,
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Assign a profile to ana-laptop' }));
    const form = await screen.findByRole('form', { name: 'Assign a profile to ana-laptop' });
    await user.click(within(form).getByRole('combobox', { name: 'Profile' }));
    await user.click(await screen.findByRole('option', { name: 'builders' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.writes()).toHaveLength(2));
    const [leave, join] = api.writes();
    expect(leave).toMatchObject({ method: 'PUT', path: `tenant/ztna/profiles/${OLD_ID}/`, body: { name: 'old', assigned: { endpoints: [DESKTOP] } } });
    expect(join).toMatchObject({
      method: 'PUT',
      path: `tenant/ztna/profiles/${DEV_ID}/`,
      body: { name: 'builders', assigned: { endpoints: [DESKTOP, LAPTOP] } },
    });
    expect(await screen.findByText('Profile assignment edited successfully')).toBeTruthy();
  });
});
