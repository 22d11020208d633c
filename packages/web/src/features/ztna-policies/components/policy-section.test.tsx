import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { A, B, C, checkOrderedPolicySection } from '@/test/ordered-policy-section-checks';
import { fakeZtnaPoliciesApi, MANAGED, policy } from './fake-ztna-policies-api';
import { PolicySection } from './policy-section';

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
  signedInAs('editor');

  checkOrderedPolicySection({
    table: 'Access policies',
    section: (writer) => <PolicySection writer={writer} />,
    fake: fakeZtnaPoliciesApi,
    three,
    path: 'tenant/ztna/policies/',
    after: ['Default — Deny'],
  });

  it('numbers the default deny after the policies, and offers no way to move, edit or turn it off', async () => {
    fakeZtnaPoliciesApi({ policies: three() });
    renderWithProviders(withQueryClient(<PolicySection writer />));
    const deny = within(await screen.findByRole('row', { name: 'Default — Deny' }));
    expect(deny.getByText('4')).toBeTruthy();
    expect(deny.queryByRole('button')).toBeNull();
    expect(deny.queryByRole('switch')).toBeNull();
  });

  it('shows the default deny with no policies, and each policy in words to a viewer', async () => {
    fakeZtnaPoliciesApi({ policies: [] });
    const { unmount } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await screen.findByText('No policies yet: every connection is denied until a policy allows it.');
    expect(rowNames()).toEqual([null, 'Default — Deny']);
    unmount();

    fakeZtnaPoliciesApi({ policies: three() });
    renderWithProviders(withQueryClient(<PolicySection writer={false} />));
    const bravo = await screen.findByRole('row', { name: 'Bravo' });
    await waitFor(() => expect(within(bravo).getByText('Security group Managed laptops')).toBeTruthy());
    expect(within(bravo).getByText('Deny')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Alpha' })).getByText('Group Sales')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Alpha' })).getByText('CRM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Alpha down' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Policy' })).toBeNull();
  });

  it('opens the editor in a named dialog', async () => {
    fakeZtnaPoliciesApi({ policies: three() });
    const { user } = renderWithProviders(withQueryClient(<PolicySection writer />));
    await user.click(await screen.findByRole('button', { name: 'Create Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Policy' });
    expect(within(dialog).getByRole('form', { name: 'Create access policy' })).toBeTruthy();
  });
});
