import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { fakeWebFilterApi, policy } from './fake-web-filter-api';
import { PolicySection } from './policy-section';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';
const three = () => [policy(A, 'Alpha', 1), policy(B, 'Bravo', 2), policy(C, 'Charlie', 3)];

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Web filter policies' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

describe('policy list', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('moves a policy up with its button and saves the whole new order', async () => {
    const api = fakeWebFilterApi({ policies: three() });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await screen.findByRole('row', { name: 'Charlie' });
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Charlie', 'Bravo']));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: 'tenant/config/webfilter-policy/reorder/', body: { ids: [A, C, B] } });
  });

  it('puts the order back when the server refuses it', async () => {
    const api = fakeWebFilterApi({
      policies: three(),
      answer: (c) => (c.path.endsWith('reorder/') ? jsonResponse(400, { detail: 'Stale order', code: 'invalid' }) : undefined),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await user.click(await screen.findByRole('button', { name: 'Move Alpha down' }));
    expect(await screen.findByText('Stale order')).toBeTruthy();
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it("deletes only after 'Yes'", async () => {
    const api = fakeWebFilterApi({ policies: three(), answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await user.click(await screen.findByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toMatchObject([{ method: 'DELETE', path: `tenant/config/webfilter-policy/${B}/` }]));
  });

  it('invites a writer to create the first policy; shows each endpoint the policy reaches as synced', async () => {
    const api = fakeWebFilterApi({ policies: [] });
    vi.stubGlobal('fetch', api.fetch);
    const { unmount } = renderWithProviders(withQueryClient(<PolicySection writer />));
    expect(await screen.findByText('Create your First Web Filter Policy')).toBeTruthy();
    unmount();

    vi.stubGlobal('fetch', fakeWebFilterApi({ policies: three() }).fetch);
    renderWithProviders(withQueryClient(<PolicySection writer={false} />));
    const row = await screen.findByRole('row', { name: 'Alpha' });
    await waitFor(() => expect(within(row).getByTestId('policy-sync').textContent).toBe('1 synced'));
    expect(within(row).getByText('Everyone')).toBeTruthy();
    expect(within(row).getByText('Gambling')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Alpha down' })).toBeNull();
  });
});
