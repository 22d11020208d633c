import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Network } from '@netloom/domain';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { DeviceGroupsPage } from './device-groups-page';

/** A tenant's device groups behind network/list/: GET lists, POST creates (names unique ignoring case). */
function fakeServer() {
  const groups: Network[] = [];
  const posts: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes('/api/v1/network/list/')) return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
    if ((init?.method ?? 'GET') === 'GET') return jsonResponse(200, groups);
    const body = JSON.parse(String(init?.body)) as { name: string };
    posts.push(body);
    if (groups.some((g) => g.networkName.toLowerCase() === body.name.toLowerCase())) {
      const msg = 'A device group with this name already exists';
      return jsonResponse(400, { detail: `${msg}.`, code: 'invalid', errors: { name: [msg] } });
    }
    const created = { id: `00000000-0000-4000-8000-00000000010${groups.length}`, networkName: body.name, devices: 0 };
    groups.push(created);
    return jsonResponse(201, created);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { groups, posts };
}

describe('device groups page', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStore.clear();
  });

  it('an editor creates the first group from the empty state, with the name rules of the spec and the server', async () => {
    const server = fakeServer();
    signIn('editor');
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <DeviceGroupsPage product="sdwan" />
        </MemoryRouter>,
      ),
    );
    const empty = await screen.findByText('Create your First Network');
    const emptyPanel = empty.closest('div')!.parentElement!;
    await user.click(within(emptyPanel).getByRole('button', { name: 'Create device group' }));

    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Field is required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Device group name/), 'x'.repeat(41));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('At most 40 characters')).toBeTruthy();
    expect(server.posts).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Device group name/));
    await user.type(within(dialog).getByLabelText(/Device group name/), '  Branch offices ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.posts).toEqual([{ name: 'Branch offices' }]);
    const table = await screen.findByRole('table', { name: 'Device groups' });
    expect(await within(table).findByText('Branch offices')).toBeTruthy();

    // A second group of the same name: the server's message shows under the field.
    await user.click(screen.getByRole('button', { name: 'Create device group' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByLabelText(/Device group name/), 'branch OFFICES');
    await user.click(within(again).getByRole('button', { name: 'Add' }));
    expect(await within(again).findByText('A device group with this name already exists')).toBeTruthy();
    expect(server.groups).toHaveLength(1);
  });

  it('a viewer sees the groups without a create action, and no invitation to create one', async () => {
    fakeServer();
    signIn('viewer');
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <DeviceGroupsPage product="sdwan" />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByText('No Device Groups yet')).toBeTruthy();
    expect(screen.queryByText('Create your First Network')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create device group' })).toBeNull();
  });
});
