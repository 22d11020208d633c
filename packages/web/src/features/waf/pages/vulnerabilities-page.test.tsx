import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafVulnerabilityRow } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { VulnerabilitiesPage } from './vulnerabilities-page';

const row = (over: Partial<WafVulnerabilityRow>): WafVulnerabilityRow => ({
  application_id: APP_ID,
  application: 'shop',
  category: 'sqli',
  label: 'SQL injection',
  owasp: 'A03 Injection',
  path: '/search',
  rule_ids: [942100],
  attempts: 12,
  blocked: 12,
  detected: 0,
  clients: 3,
  first_seen: '2026-11-30T09:00:00Z',
  last_seen: '2026-11-30T10:00:00Z',
  exposed: false,
  hint: 'Make sure the application does not depend on the WAF alone',
  ...over,
});

describe('the weaknesses attacked', { timeout: 30_000 }, () => {
  signedInAs('admin');

  it('says which attacks reached an application and links each row to the attacks behind it', async () => {
    fakeWafApi({
      answer: (c) =>
        c.path === 'waap/events/vulnerabilities/'
          ? jsonResponse(200, [
              row({ category: 'xss', label: 'Cross-site scripting', path: '/login', detected: 2, blocked: 0, attempts: 2, exposed: true }),
              row({}),
            ])
          : undefined,
    });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <VulnerabilitiesPage />
        </MemoryRouter>,
      ),
    );
    const xss = within(await screen.findByRole('row', { name: /Cross-site scripting/ }, { timeout: 10_000 }));
    expect(xss.getByText('Reached the application')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /SQL injection/ })).getByText('Blocked at the edge')).toBeTruthy();
    expect(screen.getByText('1 reached an application')).toBeTruthy();
    const link = xss.getByRole('link', { name: '2' });
    expect(link.getAttribute('href')).toBe(`/waf/events/attacks?category=xss&search=%2Flogin&application=${APP_ID}`);
  });
});
