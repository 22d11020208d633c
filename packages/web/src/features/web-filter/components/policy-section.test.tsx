import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { A, B, C, checkOrderedPolicySection } from '@/test/ordered-policy-section-checks';
import { fakeWebFilterApi, policy } from './fake-web-filter-api';
import { PolicySection } from './policy-section';

const three = () => [policy(A, 'Alpha', 1), policy(B, 'Bravo', 2), policy(C, 'Charlie', 3)];

describe('policy list', { timeout: 30_000 }, () => {
  signedInAs('editor');

  checkOrderedPolicySection({
    table: 'Web filter policies',
    section: (writer) => <PolicySection writer={writer} />,
    fake: fakeWebFilterApi,
    three,
    path: 'tenant/config/webfilter-policy/',
  });

  it('invites a writer to create the first policy; shows each endpoint the policy reaches as synced', async () => {
    fakeWebFilterApi({ policies: [] });
    const { unmount } = renderWithProviders(withQueryClient(<PolicySection writer />));
    expect(await screen.findByText('Create your First Web Filter Policy')).toBeTruthy();
    unmount();

    fakeWebFilterApi({ policies: three() });
    renderWithProviders(withQueryClient(<PolicySection writer={false} />));
    const row = await screen.findByRole('row', { name: 'Alpha' });
    await waitFor(() => expect(within(row).getByTestId('policy-sync').textContent).toBe('1 synced'));
    expect(within(row).getByText('Everyone')).toBeTruthy();
    expect(within(row).getByText('Gambling')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Alpha down' })).toBeNull();
  });
});
