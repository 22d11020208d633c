import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { jsonResponse, signIn, withQueryClient } from '@/test/query-wrapper';
import { sessionStore } from '@/lib/session/session-store';
import { fakeZtnaPoliciesApi, MANAGED, policy } from './fake-ztna-policies-api';
import { PolicySection } from './policy-section';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';
const three = () => [
  policy(A, 'Alpha', 1),
  policy(B, 'Bravo', 2, { action: 'deny', sources: { everyone: false, users: [], groups: [], security_groups: [MANAGED] } }),
  policy(C, 'Charlie', 3),
];

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Access policies' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.getAttribute('aria-label'));

describe('access policy list', { timeout: 30_000 }, () => {
  beforeEach(() => signIn('editor'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('moves a policy up with its button, saves the whole new order, and the default deny stays last', async () => {
    const api = fakeZtnaPoliciesApi({ policies: three() });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await screen.findByRole('row', { name: 'Charlie' });
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Default — Deny']);
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Charlie down' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Charlie', 'Bravo', 'Default — Deny']));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: 'tenant/ztna/policies/reorder/', body: { ids: [A, C, B] } });
    const deny = within(screen.getByRole('row', { name: 'Default — Deny' }));
    expect(deny.getByText('4')).toBeTruthy();
    expect(deny.queryByRole('button')).toBeNull();
    expect(deny.queryByRole('switch')).toBeNull();
  });

  it('puts the order back when the server refuses it', async () => {
    const api = fakeZtnaPoliciesApi({
      policies: three(),
      answer: (c) => (c.path.endsWith('reorder/') ? jsonResponse(400, { detail: 'Stale order', code: 'invalid' }) : undefined),
    });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await user.click(await screen.findByRole('button', { name: 'Move Alpha down' }));
    expect(await screen.findByText('Stale order')).toBeTruthy();
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Default — Deny']);
  });

  it('shows the default deny with no policies, and each policy in words to a viewer', async () => {
    vi.stubGlobal('fetch', fakeZtnaPoliciesApi({ policies: [] }).fetch);
    const { unmount } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await screen.findByText('No policies yet: every connection is denied until a policy allows it.');
    expect(rowNames()).toEqual([null, 'Default — Deny']);
    unmount();

    vi.stubGlobal('fetch', fakeZtnaPoliciesApi({ policies: three() }).fetch);
    renderWithProviders(withQueryClient(<PolicySection writer={false} />));
    const bravo = await screen.findByRole('row', { name: 'Bravo' });
    await waitFor(() => expect(within(bravo).getByText('Security group Managed laptops')).toBeTruthy());
    expect(within(bravo).getByText('Deny')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Alpha' })).getByText('Group Sales')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Alpha' })).getByText('CRM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Alpha down' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Policy' })).toBeNull();
  });

  it("deletes only after 'Yes'", async () => {
    const api = fakeZtnaPoliciesApi({ policies: three(), answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined) });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await user.click(await screen.findByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(api.writes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toMatchObject([{ method: 'DELETE', path: `tenant/ztna/policies/${B}/` }]));
  });

  it('opens the editor in a named dialog', async () => {
    vi.stubGlobal('fetch', fakeZtnaPoliciesApi({ policies: three() }).fetch);
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await user.click(await screen.findByRole('button', { name: 'Create Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Policy' });
    expect(within(dialog).getByRole('form', { name: 'Create access policy' })).toBeTruthy();
  });
});
