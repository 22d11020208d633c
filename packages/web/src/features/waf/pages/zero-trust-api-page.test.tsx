import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafPolicy } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { ZeroTrustApiPage } from './zero-trust-api-page';

const refusal = {
  id: 'r1',
  at: '2026-11-30T10:00:00Z',
  application_id: APP_ID,
  application: 'shop',
  edge: 'pop-fra',
  host: 'shop.example.com',
  client_ip: '198.51.100.7',
  country: null,
  method: 'GET',
  path: '/api/users?limit=10&debug=1',
  status: 403,
  action: 'blocked',
  category: 'api',
  anomaly_score: null,
  rules: [
    { id: 9_100_012, message: 'Zero-trust API: query parameter not declared by GET /api/users', data: 'debug', tags: ['netloom/zero-trust-api'], severity: 2 },
  ],
  user_agent: 'curl/8.5.0',
};

function fake(document: boolean) {
  return fakeWafApi({
    answer: (c) => {
      if (c.path === `waap/domains/${APP_ID}/openapi/`) {
        return document
          ? jsonResponse(200, {
              application_id: APP_ID,
              title: 'Shop API',
              version: '2.1.0',
              openapi: '3.1.0',
              operations: 14,
              uploaded_by: 'owner@acme.test',
              uploaded_at: '2026-11-30T09:00:00Z',
            })
          : jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
      }
      if (c.path === 'waap/events/attacks/') {
        // The page asks for this application's zero-trust refusals only.
        return jsonResponse(200, {
          count: 1,
          next: null,
          previous: null,
          results: c.query.get('category') === 'api' && c.query.get('application_id') === APP_ID ? [refusal] : [],
        });
      }
      return undefined;
    },
  });
}

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/waf/api-security/zero-trust-api?application=${APP_ID}`]}>
        <ZeroTrustApiPage />
      </MemoryRouter>,
    ),
  );

describe('Zero-Trust API', { timeout: 30_000 }, () => {
  describe('an admin', () => {
    signedInAs('admin');

    it('turns blocking on for the document and sees what it refused, and why', async () => {
      const api = fake(true);
      const { user } = render();
      expect(await screen.findByText(/The edges enforce Shop API 2\.1\.0/, {}, { timeout: 10_000 })).toBeTruthy();
      const table = await screen.findByRole('table', { name: 'Zero-trust API refusals' });
      const row = await within(table).findByText('/api/users?limit=10&debug=1');
      expect(within(row.closest('tr')!).getByText('query parameter not declared by GET /api/users')).toBeTruthy();
      expect(within(row.closest('tr')!).getByText('Refused')).toBeTruthy();

      await user.click(screen.getByRole('radio', { name: 'Block' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        const put = api.calls.find((c) => c.method === 'PUT');
        expect((put?.body as { policy: WafPolicy } | undefined)?.policy.zero_trust_api).toEqual({ mode: 'block' });
      });
    });

    it('says nothing is enforced until the application has a document', async () => {
      fake(false);
      render();
      expect(await screen.findByText(/nothing is enforced until one is uploaded/, {}, { timeout: 10_000 })).toBeTruthy();
    });
  });
});
