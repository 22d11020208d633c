import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafTestedVulnerability, WafVulnFinding, WafVulnRun, WafVulnRunDetail } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, application, EDGE_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { VulnerabilitiesPage } from './vulnerabilities-page';
import { VulnTestingPage } from './vuln-testing-page';

const RUN_ID = 'f0000000-0000-4000-8000-000000000001';
const finding: WafVulnFinding = {
  check: 'injection',
  severity: 'high',
  owasp: 'API8:2023',
  owasp_name: 'Security Misconfiguration',
  title: 'SQL error in the answer to a quote',
  method: 'GET',
  path: '/search?q=nlv0000%27',
  template: '/search',
  status: 500,
  excerpt: 'You have an error in your SQL syntax',
  hint: 'Use parameterised queries',
};
const run = (over: Partial<WafVulnRunDetail> = {}): WafVulnRunDetail => ({
  id: RUN_ID,
  application_id: APP_ID,
  application: 'shop',
  edge_id: EDGE_ID,
  edge: 'pop-fra',
  checks: ['bola', 'auth', 'injection', 'errors', 'headers'],
  rate_per_s: 5,
  state: 'done',
  planned: 30,
  sent: 30,
  findings: 1,
  accounts: { a: 'set', b: 'set' },
  started_by: 'admin@acme.test',
  started_at: '2026-11-30T10:00:00Z',
  ended_at: '2026-11-30T10:00:07Z',
  end_reason: '30 requests sent',
  found: [finding],
  left_out: 0,
  ...over,
});
const listed = (r: WafVulnRunDetail): WafVulnRun => {
  const { found: _found, left_out: _left, ...rest } = r;
  return rest;
};

const verified = application({ dns: { records: [], verified: true, checked_at: '2026-11-30T09:00:00Z', detail: [] } });
const unproved = application({ id: 'a9900000-0000-4000-8000-000000000002', name: 'blog', dns: { records: [], verified: false, checked_at: null, detail: [] } });

function render(page = <VulnTestingPage />) {
  return renderWithProviders(withQueryClient(<MemoryRouter>{page}</MemoryRouter>));
}

describe('vulnerability testing', { timeout: 30_000 }, () => {
  describe('an admin', () => {
    signedInAs('admin');

    it('starts a test of a proved application from one of its edges, and sees its findings with evidence and a fix', async () => {
      let runs: WafVulnRun[] = [];
      const api = fakeWafApi({
        applications: [verified, unproved],
        answer: (c) => {
          if (c.path === 'waap/api-security/vuln-tests/' && c.method === 'GET') return jsonResponse(200, runs);
          if (c.path === 'waap/api-security/vuln-tests/' && c.method === 'POST') {
            runs = [listed(run())];
            return jsonResponse(201, run());
          }
          if (c.path === `waap/api-security/vuln-tests/${RUN_ID}/`) return jsonResponse(200, run());
          return undefined;
        },
      });
      const { user } = render();
      expect(await screen.findByText(/not through its own WAF/)).toBeTruthy();
      await user.click(await screen.findByRole('combobox', { name: /Application/ }));
      expect(screen.queryByRole('option', { name: 'blog' })).toBeNull();
      await user.click(await screen.findByRole('option', { name: 'shop' }));
      await user.click(screen.getByRole('combobox', { name: /Edge/ }));
      await user.click(await screen.findByRole('option', { name: 'pop-fra' }));
      await user.type(screen.getByLabelText(/Account A$/), 'Bearer alice');
      await user.type(screen.getByLabelText(/Account B$/), 'Bearer bob');
      await user.type(screen.getByRole('textbox', { name: /Account A's objects/ }), 'id=42');
      await user.click(screen.getByRole('button', { name: 'Start test' }));
      await waitFor(() =>
        expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
          application_id: APP_ID,
          edge_id: EDGE_ID,
          account_a: 'Bearer alice',
          account_b: 'Bearer bob',
          sample_params: { id: '42' },
          rate_per_s: 5,
        }),
      );
      const found = within(await screen.findByLabelText('SQL error in the answer to a quote', {}, { timeout: 10_000 }));
      expect(found.getByText('GET /search?q=nlv0000%27')).toBeTruthy();
      expect(found.getByText('You have an error in your SQL syntax')).toBeTruthy();
      expect(found.getByText('Fix: Use parameterised queries')).toBeTruthy();
      const row = within(await screen.findByRole('row', { name: /pop-fra/ }));
      expect(row.getByText('30 of 30 requests')).toBeTruthy();
    });

    it('shows why the server refused a test', async () => {
      fakeWafApi({
        applications: [verified],
        answer: (c) =>
          c.path === 'waap/api-security/vuln-tests/'
            ? c.method === 'GET'
              ? jsonResponse(200, [])
              : jsonResponse(409, { code: 'no_document', detail: 'The application has no OpenAPI document: upload one first.' })
            : undefined,
      });
      const { user } = render();
      await user.click(await screen.findByRole('combobox', { name: /Application/ }));
      await user.click(await screen.findByRole('option', { name: 'shop' }));
      await user.click(screen.getByRole('combobox', { name: /Edge/ }));
      await user.click(await screen.findByRole('option', { name: 'pop-fra' }));
      await user.click(screen.getByRole('checkbox', { name: 'Broken object-level authorisation' }));
      await user.click(screen.getByRole('button', { name: 'Start test' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The application has no OpenAPI document: upload one first.');
    });
  });

  describe('a viewer', () => {
    signedInAs('viewer');

    it('sees the tests and their progress, with no way to start or cancel one', async () => {
      fakeWafApi({
        answer: (c) => (c.path === 'waap/api-security/vuln-tests/' ? jsonResponse(200, [listed(run({ state: 'running', sent: 10, findings: 0 }))]) : undefined),
      });
      render();
      const row = within(await screen.findByRole('row', { name: /pop-fra/ }, { timeout: 10_000 }));
      expect(row.getByText('running')).toBeTruthy();
      expect(row.getByText('10 of 30 requests at 5/s')).toBeTruthy();
      expect(row.queryByRole('button', { name: 'Cancel' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Start test' })).toBeNull();
    });

    it('sees the findings of testing beside the attacked weaknesses in events/vulnerabilities', async () => {
      const tested: WafTestedVulnerability = { ...finding, application_id: APP_ID, application: 'shop', run_id: RUN_ID, tested_at: '2026-11-30T10:00:07Z' };
      fakeWafApi({
        answer: (c) =>
          c.path === 'waap/events/vulnerabilities/tested/'
            ? jsonResponse(200, [tested])
            : c.path === 'waap/events/vulnerabilities/'
              ? jsonResponse(200, [])
              : undefined,
      });
      render(<VulnerabilitiesPage />);
      const row = within(await screen.findByRole('row', { name: /SQL error in the answer to a quote/ }, { timeout: 10_000 }));
      expect(row.getByText('high')).toBeTruthy();
      expect(row.getByText('GET /search?q=nlv0000%27 → 500')).toBeTruthy();
    });
  });
});
