import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeDemApi } from '@/features/dem/components/fake-dem-api';
import { DemOverviewPage } from './dem-overview-page';

const render = (url = '/dem/dashboard') =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[url]}>
        <DemOverviewPage />
      </MemoryRouter>,
    ),
  );

describe('the DEM overview', { timeout: 30_000 }, () => {
  describe('for an editor', () => {
    signedInAs('editor');

    it("shows the window's score, each application's score with its trend and worst component, and who is affected now with the cause", async () => {
      const api = fakeDemApi();
      render('/dem/dashboard?window=7d');
      const score = within(await screen.findByRole('group', { name: 'Experience score' }));
      expect(score.getByLabelText('Score 64')).toBeTruthy();
      expect(within(screen.getByRole('group', { name: 'Users affected now' })).getByText('1')).toBeTruthy();

      const app = within(within(await screen.findByRole('table', { name: 'Application scores' })).getByRole('row', { name: /Office 365/ }));
      expect(app.getByRole('link', { name: 'Office 365' }).getAttribute('href')).toBe(`/dem/applications/${APP_ID}`);
      expect(app.getByLabelText('Down 12 points')).toBeTruthy();
      expect(app.getByText('Wi-Fi signal')).toBeTruthy();
      expect(app.getByText('920 ms')).toBeTruthy();

      const alice = within(await within(screen.getByRole('table', { name: 'Users affected now' })).findByRole('row', { name: /alice@acme\.test/ }));
      expect(alice.getByText('alice-laptop')).toBeTruthy();
      expect(alice.getByText('Wi-Fi')).toBeTruthy();
      expect(alice.getByLabelText('Score 38')).toBeTruthy();

      // The window of the URL is the one asked for: seven days ending now.
      const read = api.calls.find((c) => c.path === 'dem/overview/')!;
      const span = Date.parse(read.query.get('end_time')!) - Date.parse(read.query.get('start_time')!);
      expect(span).toBe(7 * 86_400_000);
    });

    it('with no application monitored, leads the editor to add one', async () => {
      fakeDemApi({
        answer: (c) => (c.path === 'dem/overview/' ? jsonResponse(200, { score: null, applications: [], users_affected_now: 0 }) : undefined),
      });
      render();
      expect(await screen.findByText('No application monitored yet')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Monitor an application' }).getAttribute('href')).toBe('/dem/organization/applications');
    });

    it('a failed read says so with a retry, and the rest of the page stays', async () => {
      fakeDemApi({ answer: (c) => (c.path === 'dem/overview/' ? jsonResponse(500, { detail: 'boom', code: 'error' }) : undefined) });
      render();
      expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
      expect(await screen.findByRole('row', { name: /alice@acme\.test/ })).toBeTruthy();
    });
  });

  describe('for a viewer', () => {
    signedInAs('viewer');

    it('with no application monitored, offers no button to add one', async () => {
      fakeDemApi({
        answer: (c) => (c.path === 'dem/overview/' ? jsonResponse(200, { score: null, applications: [], users_affected_now: 0 }) : undefined),
      });
      render();
      expect(await screen.findByText('No application monitored yet')).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Monitor an application' })).toBeNull();
    });
  });
});
