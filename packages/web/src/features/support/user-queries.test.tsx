import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn, withQueryClient } from '@/test/query-wrapper';
import { fakeApi, pageOf } from '@/test/fake-api';
import { sessionStore } from '@/lib/session/session-store';
import { ContactSupportDialog } from './components/contact-support-dialog';
import { UserQueriesPage } from './pages/user-queries-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const crashQuery = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  subject: 'The dashboard crashed',
  message: 'It went blank after I opened the map.',
  source: 'crash',
  context: { path: '/sdwan/dashboard', error: 'TypeError: cannot read "map"' },
  status: 'new',
  note: '',
  created_at: '2026-11-20T08:00:00Z',
  updated_at: '2026-11-20T08:00:00Z',
};

describe('contacting support', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the question before sending it, then sends it with what the crash page knew', async () => {
    const api = fakeApi({ 'POST user-queries/': () => json({ id: crashQuery.id, status: 'new' }, 201) });
    const context = { path: '/sdwan/dashboard', error: 'TypeError: cannot read "map"' };
    const { user } = renderWithProviders(<ContactSupportDialog opened onClose={() => undefined} source="crash" context={context} />);
    const dialog = await screen.findByRole('dialog', { name: 'Contact Support' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(3);
    expect(api.writes()).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ada@example.com' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'The dashboard crashed' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'It went blank.' } });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thank you. Support will answer at ada@example.com.')).toBeTruthy();
    expect(api.writes()[0]!.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'The dashboard crashed',
      message: 'It went blank.',
      source: 'crash',
      context,
    });
  });
});

describe('user queries, as super admins work them', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the questions, filters them by status, and answers one with a note', async () => {
    signIn('owner', { isSuperAdmin: true, tenantId: null, role: null, timezone: 'UTC' });
    let row = { ...crashQuery };
    const api = fakeApi({
      'GET user-queries/': (call) => pageOf(call.query.get('status') && call.query.get('status') !== row.status ? [] : [row]),
      [`PUT user-queries/${crashQuery.id}/`]: (call) => {
        row = { ...row, ...(call.body as object) };
        return json(row);
      },
    });
    const { user } = renderWithProviders(withQueryClient(<UserQueriesPage />));
    const table = await screen.findByRole('table', { name: 'User queries' });
    expect((await within(table).findByText('The dashboard crashed')).closest('tr')!.textContent).toContain('Crash page');

    await user.click(screen.getByText('Answered'));
    expect(await screen.findByText('No queries')).toBeTruthy();
    expect(api.calls.at(-1)!.query.get('status')).toBe('answered');
    await user.click(screen.getByText('All'));

    await user.click(await screen.findByRole('button', { name: /view/i }));
    const drawer = await screen.findByRole('dialog', { name: 'The dashboard crashed' });
    expect(within(drawer).getByText('TypeError: cannot read "map"')).toBeTruthy();
    await user.click(within(drawer).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Answered' }));
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Note' }), { target: { value: 'Fixed in 1.4.1' } });
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(api.writes()[0]!.body).toEqual({ status: 'answered', note: 'Fixed in 1.4.1' }));
  });
});
