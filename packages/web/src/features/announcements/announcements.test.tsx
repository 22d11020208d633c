import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi } from '@/test/fake-api';
import { FakeSocket } from '@/test/fake-socket';
import { sessionStore } from '@/lib/session/session-store';
import { AnnouncementsButton } from './components/announcements-button';
import { AnnouncementsPage } from './pages/announcements-page';

const TENANT = '00000000-0000-4000-8000-00000000000a';
const item = (id: string, title: string, read: boolean) => ({
  id,
  title,
  body: `${title}: the details`,
  starts_at: '2026-11-20T09:00:00Z',
  ends_at: id.endsWith('1') ? '2026-12-20T09:00:00Z' : null,
  read,
});
const A1 = '11111111-1111-4111-8111-111111111111';
const A2 = '22222222-2222-4222-8222-222222222222';

describe('announcements', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    signIn('viewer', { timezone: 'UTC' });
  });
  afterEach(() => {
    // Unmounted before the session goes: a page still mounted would ask again, into the next test's fake API.
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('the header marker counts unread announcements and follows the socket', async () => {
    let list = { announcements: [item(A1, 'Maintenance', false)], unread: 1 };
    fakeApi({ 'GET announcements/': () => list });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <AnnouncementsButton to="/announcements" tenantId={TENANT} />
        </MemoryRouter>,
      ),
    );

    const marker = await screen.findByRole('link', { name: 'Announcements, 1 unread' });
    expect(marker.getAttribute('href')).toBe('/announcements');
    await vi.waitFor(() => expect(FakeSocket.of('announcements')?.sent.length).toBe(1));
    expect(FakeSocket.of('announcements')!.url).toMatch(new RegExp(`/ws/status/${TENANT}\\?feed=announcements$`));
    expect(JSON.parse(FakeSocket.of('announcements')!.sent[0]!)).toEqual({ token: 'access' });

    // A new one is posted: the socket says so, the list is read again, the count goes up.
    list = { announcements: [item(A2, 'New plans', false), ...list.announcements], unread: 2 };
    FakeSocket.of('announcements')!.receive({ kind: 'announcement', id: A2 });
    expect(await screen.findByRole('link', { name: 'Announcements, 2 unread' })).toBeTruthy();

    // Something else on the socket changes nothing.
    list = { announcements: [], unread: 0 };
    FakeSocket.of('announcements')!.receive({ kind: 'other' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('link', { name: 'Announcements, 2 unread' })).toBeTruthy();
  });

  it('a super admin is led to where announcements are posted, with no count and no socket', async () => {
    const api = fakeApi({ 'GET announcements/': () => ({ announcements: [item(A1, 'x', false)], unread: 1 }) });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <AnnouncementsButton to="/superAdmin/announcements" tenantId={null} />
        </MemoryRouter>,
      ),
    );
    const link = await screen.findByRole('link', { name: 'Announcements' });
    expect(link.getAttribute('href')).toBe('/superAdmin/announcements');
    expect(FakeSocket.all).toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });

  it('opening the page marks the unread ones read, and they keep their New mark for the visit', async () => {
    let list = { announcements: [item(A2, 'New plans', false), item(A1, 'Maintenance', true)], unread: 1 };
    const api = fakeApi({
      'GET announcements/': () => list,
      'POST announcements/read/': (call) => {
        const ids = (call.body as { ids: string[] }).ids;
        list = { announcements: list.announcements.map((a) => (ids.includes(a.id) ? { ...a, read: true } : a)), unread: 0 };
        return list;
      },
    });
    renderWithProviders(withQueryClient(<AnnouncementsPage />));

    const fresh = await screen.findByRole('listitem', { name: 'New plans' });
    expect(within(fresh).getByText('New plans: the details')).toBeTruthy();
    expect(within(fresh).getByText('Since 20 Nov 26, 09:00 AM')).toBeTruthy();
    await vi.waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: 'announcements/read/', body: { ids: [A2] } });

    // Read now on the server, still marked New on this page; the one read before is not.
    await vi.waitFor(() => expect(list.unread).toBe(0));
    expect(within(screen.getByRole('listitem', { name: 'New plans' })).getByText('New')).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Maintenance' });
    expect(within(old).queryByText('New')).toBeNull();
    expect(within(old).getByText('From 20 Nov 26, 09:00 AM until 20 Dec 26, 09:00 AM')).toBeTruthy();
    // Nothing more to mark.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.writes()).toHaveLength(1);
  });

  it('says so when there are none', async () => {
    const api = fakeApi({ 'GET announcements/': () => ({ announcements: [], unread: 0 }) });
    renderWithProviders(withQueryClient(<AnnouncementsPage />));
    expect(await screen.findByText('No New Announcements yet!')).toBeTruthy();
    expect(api.writes()).toHaveLength(0);
  });
});
