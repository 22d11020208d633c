import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi, pageOf } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { AdminAnnouncementsPage } from './pages/admin-announcements-page';

const ACME = '0000000a-0000-4000-8000-00000000000a';
const GLOBEX = '0000000b-0000-4000-8000-00000000000b';
const tenants = [
  { value: ACME, label: 'Acme' },
  { value: GLOBEX, label: 'Globex' },
];
const posted = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Maintenance',
  body: 'Saturday night',
  audience: 'tenants',
  tenants: [{ id: GLOBEX, name: 'Globex' }],
  starts_at: '2026-11-20T09:00:00Z',
  ends_at: null,
  created_at: '2026-11-20T08:00:00Z',
  state: 'live',
};

describe('announcements, as super admins post them', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('checks the form before sending, then posts to the chosen tenant', async () => {
    signIn('owner', { isSuperAdmin: true, tenantId: null, role: null, timezone: 'UTC' });
    let rows: unknown[] = [];
    const api = fakeApi({
      'GET admin/announcements/': () => pageOf(rows),
      'POST admin/announcements/': (call) => {
        rows = [{ ...posted, ...(call.body as object) }];
        return new Response(JSON.stringify(rows[0]), { status: 201, headers: { 'Content-Type': 'application/json' } });
      },
    });
    const { user } = renderWithProviders(withQueryClient(<AdminAnnouncementsPage tenants={tenants} />));
    expect(await screen.findByText('No announcements yet')).toBeTruthy();
    expect(api.calls[0]!.query.get('page_size')).toBe('0');

    await user.click(screen.getAllByRole('button', { name: 'Add announcement' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Maintenance' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'Saturday night' } });
    await user.click(within(dialog).getByText('Chosen tenants'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Choose at least one tenant')).toBeTruthy();
    expect(api.writes()).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Tenants' }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Announcement added successfully')).toBeTruthy();
    const sent = api.writes()[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'Maintenance', body: 'Saturday night', audience: 'tenants', tenant_ids: [GLOBEX], ends_at: null });
    expect(Math.abs(Date.parse(String(sent.starts_at)) - Date.now())).toBeLessThan(120_000);
    const row = await screen.findByRole('row', { name: /Maintenance/ });
    expect(within(row).getByText('Globex')).toBeTruthy();
    expect(within(row).getByText('Live')).toBeTruthy();
  }, 20_000);

  it('edits one (its tenants chosen again) and deletes one after the Yes/No question', async () => {
    signIn('owner', { isSuperAdmin: true, tenantId: null, role: null, timezone: 'UTC' });
    let rows: Record<string, unknown>[] = [posted];
    const api = fakeApi({ 'GET admin/announcements/': () => pageOf(rows) }, (call) => {
      if (call.method === 'PUT' && call.path === `admin/announcements/${posted.id}/`) {
        rows = [{ ...posted, ...(call.body as object) }];
        return new Response(JSON.stringify(rows[0]), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      if (call.method === 'DELETE' && call.path === `admin/announcements/${posted.id}/`) {
        rows = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    const { user } = renderWithProviders(withQueryClient(<AdminAnnouncementsPage tenants={tenants} />));
    const row = await screen.findByRole('row', { name: /Maintenance/ }, { timeout: 5_000 });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    expect(title.value).toBe('Maintenance');
    fireEvent.change(title, { target: { value: 'Maintenance moved' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Announcement edited successfully')).toBeTruthy();
    expect(api.writes()[0]!.body).toMatchObject({
      title: 'Maintenance moved',
      audience: 'tenants',
      tenant_ids: [GLOBEX],
      starts_at: '2026-11-20T09:00:00.000Z',
    });

    await user.click(within(await screen.findByRole('row', { name: /Maintenance moved/ })).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Announcement deleted successfully')).toBeTruthy();
    expect(api.writes().map((w) => w.method)).toEqual(['PUT', 'DELETE']);
    expect(await screen.findByText('No announcements yet')).toBeTruthy();
  }, 30_000);
});
