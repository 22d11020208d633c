import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_DISCOVERY_EXCLUSIONS, type WafApiDiscoverySettings } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { ApiDiscoverySettingsPage } from './api-discovery-settings-page';

const DEFAULTS: WafApiDiscoverySettings = {
  application_id: APP_ID,
  enabled: true,
  hosts: [],
  path_prefixes: [],
  exclusions: [...DEFAULT_DISCOVERY_EXCLUSIONS],
  sampling_percent: 100,
  defaults: true,
  updated_by: null,
  updated_at: null,
};

/** Keeps what was saved; refuses a save at 100 % (as if a host were no longer the application's). */
function fake() {
  let settings = DEFAULTS;
  return fakeWafApi({
    answer: (c) => {
      if (c.path !== `waap/domains/${APP_ID}/api-discovery/`) return undefined;
      if (c.method === 'GET') return jsonResponse(200, settings);
      const body = c.body as { sampling_percent: number };
      if (body.sampling_percent === 100) {
        return jsonResponse(400, {
          detail: 'Invalid input.',
          code: 'invalid',
          errors: { 'hosts.0': ['Not one of the application’s domains: old.example.com'] },
        });
      }
      settings = { ...DEFAULTS, ...body, defaults: false, updated_by: 'admin@acme.test', updated_at: '2026-11-30T10:00:00Z' };
      return jsonResponse(200, settings);
    },
  });
}

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/waf/api-security/api-discovery?application=${APP_ID}`]}>
        <ApiDiscoverySettingsPage />
      </MemoryRouter>,
    ),
  );

describe('API discovery settings', { timeout: 30_000 }, () => {
  describe('an admin', () => {
    signedInAs('admin');

    it("narrows discovery to a path prefix with a sample, and shows the server's refusal by field", async () => {
      const api = fake();
      const { user } = render();
      expect(await screen.findByText('Defaults', {}, { timeout: 10_000 })).toBeTruthy();
      await user.type(screen.getByRole('textbox', { name: 'Path prefixes' }), 'api{Enter}');
      expect(await screen.findByText('Should start with / and hold no space, ? or #')).toBeTruthy();
      await user.clear(screen.getByRole('textbox', { name: 'Path prefixes' }));
      await user.type(screen.getByRole('textbox', { name: 'Path prefixes' }), '/api/{Enter}');

      // Refused by the server: its message shows under the hosts.
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Not one of the application’s domains: old.example.com')).toBeTruthy();

      const sampling = screen.getByRole('textbox', { name: 'Sampling (%)' });
      await user.tripleClick(sampling);
      await user.keyboard('20');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.writes()).toHaveLength(2));
      expect(api.writes()[1]).toMatchObject({
        method: 'PUT',
        body: { enabled: true, hosts: [], path_prefixes: ['/api/'], exclusions: DEFAULT_DISCOVERY_EXCLUSIONS, sampling_percent: 20 },
      });
      expect(await screen.findByText(/^Changed by admin@acme.test on /)).toBeTruthy();
    });
  });

  describe('an editor', () => {
    signedInAs('editor');

    it('reads the settings without changing them', async () => {
      fake();
      render();
      expect(await screen.findByText("Only the organisation's owners and admins change these settings.", {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByRole('switch', { name: "Discover this application's API" })).toHaveProperty('disabled', true);
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    });
  });
});
