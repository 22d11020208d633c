import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, SERVER_ID, demApplication, fakeDemApi } from '@/features/dem/components/fake-dem-api';
import { DemApplicationsPage } from './dem-applications-page';

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <DemApplicationsPage />
      </MemoryRouter>,
    ),
  );

describe('the monitored applications', { timeout: 30_000 }, () => {
  describe('for an editor', () => {
    signedInAs('editor');

    it('lists each application with where, which tests and how often it is tested', async () => {
      fakeDemApi({
        applications: [
          demApplication(),
          demApplication({
            id: 'd0e00000-0000-4000-8000-000000000003',
            name: 'Intranet',
            kind: 'private',
            target: { ztna_server_id: SERVER_ID },
            tests: { http: true, path: false, availability: true },
            interval_seconds: 60,
          }),
        ],
      });
      render();
      const o365 = within(await screen.findByRole('row', { name: /Office 365/ }));
      expect(o365.getByText('https://outlook.office.com/')).toBeTruthy();
      expect(o365.getByText('Every 5 minutes')).toBeTruthy();
      const intranet = within(await screen.findByRole('row', { name: /Intranet/ }));
      expect(await intranet.findByText('ZTNA server intranet')).toBeTruthy();
      expect(intranet.getByText('Every minute')).toBeTruthy();
      expect(intranet.queryByText('Path')).toBeNull();
      expect(intranet.getByText('Availability')).toBeTruthy();
    });

    it('adds a SaaS application at its URL with the tests and interval chosen', async () => {
      const api = fakeDemApi({ applications: [] });
      const { user } = render();
      await user.click(await screen.findByRole('button', { name: 'Monitor an application' }));
      const form = within(await screen.findByRole('dialog', { name: 'Monitor an application' }));
      await user.click(form.getByRole('textbox', { name: /^Name/ }));
      await user.paste('Salesforce');
      // A URL the endpoints cannot test is said at its field, and nothing is sent.
      await user.click(form.getByRole('textbox', { name: /^URL/ }));
      await user.paste('salesforce.com');
      await user.click(form.getByRole('button', { name: 'Add' }));
      expect(await form.findByText('Should be an http(s) URL')).toBeTruthy();
      expect(api.writes()).toHaveLength(0);

      await user.clear(form.getByRole('textbox', { name: /^URL/ }));
      await user.click(form.getByRole('textbox', { name: /^URL/ }));
      await user.paste('https://acme.my.salesforce.com/');
      await user.click(form.getByRole('checkbox', { name: /Network path/ }));
      await user.click(form.getByRole('combobox', { name: 'Interval' }));
      await user.click(await screen.findByRole('option', { name: 'Every minute' }));
      await user.click(form.getByRole('button', { name: 'Add' }));

      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]).toMatchObject({
        method: 'POST',
        path: 'dem/applications/',
        body: {
          name: 'Salesforce',
          kind: 'saas',
          target: { url: 'https://acme.my.salesforce.com/' },
          tests: { http: true, path: false, availability: true },
          interval_seconds: 60,
          thresholds: { alarm_score: 70 },
        },
      });
      expect(await screen.findByRole('row', { name: /Salesforce/ })).toBeTruthy();
    });

    it("monitors a private application at one of the tenant's ZTNA servers", async () => {
      const api = fakeDemApi({ applications: [] });
      const { user } = render();
      await user.click(await screen.findByRole('button', { name: 'Monitor an application' }));
      const form = within(await screen.findByRole('dialog', { name: 'Monitor an application' }));
      await user.click(form.getByRole('textbox', { name: /^Name/ }));
      await user.paste('Intranet');
      await user.click(form.getByText('Private application'));
      await user.click(form.getByRole('button', { name: 'Add' }));
      // No server chosen yet.
      expect(await form.findByText('Choose a ZTNA server')).toBeTruthy();
      await user.click(form.getByRole('combobox', { name: /^ZTNA server/ }));
      await user.click(await screen.findByRole('option', { name: 'intranet (intranet.corp.local)' }));
      await user.click(form.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]!.body).toMatchObject({ kind: 'private', target: { ztna_server_id: SERVER_ID } });
    });

    it('an application without any test is refused at the form', async () => {
      const api = fakeDemApi({ applications: [] });
      const { user } = render();
      await user.click(await screen.findByRole('button', { name: 'Monitor an application' }));
      const form = within(await screen.findByRole('dialog', { name: 'Monitor an application' }));
      await user.click(form.getByRole('textbox', { name: /^Name/ }));
      await user.paste('Nothing');
      await user.click(form.getByRole('textbox', { name: /^URL/ }));
      await user.paste('https://example.com/');
      for (const name of [/HTTP\(S\) page timing/, /Network path/, /Availability/]) await user.click(form.getByRole('checkbox', { name }));
      await user.click(form.getByRole('button', { name: 'Add' }));
      expect(await form.findByText('Choose at least one test')).toBeTruthy();
      expect(api.writes()).toHaveLength(0);
    });

    it('changes the interval of an application and deletes another', async () => {
      const api = fakeDemApi();
      const { user } = render();
      const row = within(await screen.findByRole('row', { name: /Office 365/ }));
      await user.click(row.getByRole('button', { name: 'Edit' }));
      const form = within(await screen.findByRole('dialog', { name: 'Edit Office 365' }));
      await user.click(form.getByRole('combobox', { name: 'Interval' }));
      await user.click(await screen.findByRole('option', { name: 'Every hour' }));
      await user.click(form.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(api.writes()).toHaveLength(1));
      expect(api.writes()[0]).toMatchObject({ method: 'PATCH', path: `dem/applications/${APP_ID}/`, body: { interval_seconds: 3600 } });
      expect(await within(await screen.findByRole('row', { name: /Office 365/ })).findByText('Every hour')).toBeTruthy();

      await user.click(within(screen.getByRole('row', { name: /Office 365/ })).getByRole('button', { name: 'Delete' }));
      await user.click(await screen.findByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(api.writes().map((c) => c.method)).toEqual(['PATCH', 'DELETE']));
      expect(await screen.findByText('No application monitored yet')).toBeTruthy();
    });
  });

  describe('for a viewer', () => {
    signedInAs('viewer');

    it('reads the applications but cannot add, edit or delete them', async () => {
      fakeDemApi();
      render();
      const row = within(await screen.findByRole('row', { name: /Office 365/ }));
      expect(row.queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(row.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Monitor an application' })).toBeNull();
    });
  });
});
