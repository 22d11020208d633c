import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeDemApi } from '@/features/dem/components/fake-dem-api';
import { DemAlarmsPage } from './dem-alarms-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <DemAlarmsPage />
      </MemoryRouter>,
    ),
  );

describe('the DEM alarms', { timeout: 30_000 }, () => {
  describe('for an admin', () => {
    signedInAs('admin');

    it('lists when a user went under the alarm score with the cause, and when they recovered, and leads to the channels', async () => {
      fakeDemApi();
      render();
      const table = await screen.findByRole('table', { name: 'DEM alarms' });
      const alerting = within(await within(table).findByRole('row', { name: /Alerting/ }));
      expect(alerting.getByText('38 (alarm under 70)')).toBeTruthy();
      expect(alerting.getByText('Wi-Fi')).toBeTruthy();
      expect(alerting.getByRole('link', { name: 'Office 365' }).getAttribute('href')).toBe(`/dem/applications/${APP_ID}`);
      const ok = within(within(table).getByRole('row', { name: /OK/ }));
      expect(ok.getByText('alice@acme.test')).toBeTruthy();
      expect(ok.getByText('86 (alarm under 70)')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Where alarms are sent' }).getAttribute('href')).toBe('/dem/organization/notifications');
    });
  });

  describe('for a viewer', () => {
    signedInAs('viewer');

    it('reads the alarms, without the way to the channels it cannot manage', async () => {
      fakeDemApi();
      render();
      expect(await screen.findByRole('row', { name: /Alerting/ })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Where alarms are sent' })).toBeNull();
    });
  });
});
