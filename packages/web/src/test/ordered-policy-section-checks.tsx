import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiCall } from './fake-api';
import { jsonResponse, withQueryClient } from './query-wrapper';
import { renderWithProviders } from './render';

/** The ids of the three policies every check starts from: Alpha, Bravo and Charlie, in that order. */
export const A = 'aaaaaaaa-0000-4000-8000-000000000001';
export const B = 'bbbbbbbb-0000-4000-8000-000000000002';
export const C = 'cccccccc-0000-4000-8000-000000000003';

export interface OrderedPolicySectionCase<P> {
  /** The list's accessible name. */
  table: string;
  section: (writer: boolean) => ReactElement;
  /** The page's fake server (it stubs fetch), answering from `state.policies` and keeping a reorder. */
  fake: (state: { policies?: P[]; answer?: (c: ApiCall) => Response | undefined }) => { writes: () => ApiCall[] };
  /** Alpha, Bravo and Charlie with the ids A, B and C. */
  three: () => P[];
  /** The list's REST path ('tenant/ztna/policies/'). */
  path: string;
  /** The rows after the policies (a default deny). */
  after?: string[];
}

/**
 * What every ordered-policy page does with its own server: the arrows save the whole new order, a
 * refused order goes back, and a delete waits for 'Yes'. Call it inside the page's describe.
 */
export function checkOrderedPolicySection<P>({ table, section, fake, three, path, after = [] }: OrderedPolicySectionCase<P>) {
  const rowNames = () =>
    within(screen.getByRole('table', { name: table }))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('aria-label'));

  it('moves a policy up with its button, saves the whole new order, and keeps what follows the policies last', async () => {
    const api = fake({ policies: three() });
    const { user } = renderWithProviders(withQueryClient(section(true)));
    await screen.findByRole('row', { name: 'Charlie' });
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie', ...after]);
    expect(screen.getByRole('button', { name: 'Move Alpha up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Charlie down' })).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Move Charlie up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Alpha', 'Charlie', 'Bravo', ...after]));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: `${path}reorder/`, body: { ids: [A, C, B] } });
  });

  it('puts the order back when the server refuses it', async () => {
    fake({
      policies: three(),
      answer: (c) => (c.path.endsWith('reorder/') ? jsonResponse(400, { detail: 'Stale order', code: 'invalid' }) : undefined),
    });
    const { user } = renderWithProviders(withQueryClient(section(true)));
    await user.click(await screen.findByRole('button', { name: 'Move Alpha down' }));
    expect(await screen.findByText('Stale order')).toBeTruthy();
    expect(rowNames()).toEqual(['Alpha', 'Bravo', 'Charlie', ...after]);
  });

  it("deletes only after 'Yes'", async () => {
    const api = fake({ policies: three(), answer: (c) => (c.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined) });
    const { user } = renderWithProviders(withQueryClient(section(true)));
    await user.click(await screen.findByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Bravo' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.writes()).toMatchObject([{ method: 'DELETE', path: `${path}${B}/` }]));
  });
}
