import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeDemApi } from '@/features/dem/components/fake-dem-api';
import { DemScoresPage } from './dem-scores-page';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="Location">{`${pathname}${search}`}</output>;
}

const render = (url: string) =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/dem/scores/*"
            element={
              <>
                <DemScoresPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('the experience scores', { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it("shows each application's score, its worst component and each component's own score, with the formula", async () => {
    fakeDemApi();
    render('/dem/scores/application');
    const table = await screen.findByRole('table', { name: 'Scores by application' });
    const row = within(await within(table).findByRole('row', { name: /Office 365/ }));
    expect(row.getByRole('link', { name: 'Office 365' }).getAttribute('href')).toBe(`/dem/applications/${APP_ID}`);
    expect(row.getByLabelText('Score 64')).toBeTruthy();
    expect(row.getByText('Wi-Fi signal')).toBeTruthy();
    // Each measured component gets a column; the Wi-Fi signal pulls the score down.
    expect(within(table).getByRole('columnheader', { name: /Time to first byte/ })).toBeTruthy();
    expect(row.getByText('22')).toBeTruthy();
    // The formula is the domain's, with each component's weight and thresholds.
    const formula = within(screen.getByRole('table', { name: 'Score components' }));
    expect(within(formula.getByRole('row', { name: /Time to first byte/ })).getByText('300 ms')).toBeTruthy();
    expect(within(formula.getByRole('row', { name: /Wi-Fi signal/ })).getByText('-80 dBm')).toBeTruthy();
    expect(screen.getByText(/A failed availability check scores the result 0/)).toBeTruthy();
  });

  it('the tab is in the URL, and picking a user narrows the scores to theirs', async () => {
    const api = fakeDemApi();
    const { user } = render('/dem/scores/user?window=1h');
    expect(screen.getByRole('tab', { name: 'By user' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Scores by user' });
    await within(table).findByRole('row', { name: /alice@acme\.test/ });
    expect(api.calls.find((c) => c.path === 'dem/scores/')!.query.get('by')).toBe('user');

    await user.click(within(table).getByRole('button', { name: 'alice@acme.test' }));
    await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/dem/scores/application?window=1h&user=alice%40acme.test'));
    expect(within(screen.getByLabelText('Narrowed to')).getByText(/User: alice@acme\.test/)).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === 'dem/scores/' && c.query.get('by') === 'application' && c.query.get('user') === 'alice@acme.test')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Clear the user filter' }));
    await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/dem/scores/application?window=1h'));
  });
});
