import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafDiscoveredEndpoint } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { ApiDiscoveryPage } from './api-discovery-page';

const endpoint: WafDiscoveredEndpoint = {
  application_id: APP_ID,
  application: 'shop',
  method: 'GET',
  template: '/api/users/{id}',
  requests: 8,
  errors: 2,
  authenticated: 6,
  statuses: [
    { status: 200, requests: 6 },
    { status: 404, requests: 2 },
  ],
  params: [
    { name: 'email', types: ['email'], pii: true },
    { name: 'expand', types: ['boolean'], pii: false },
  ],
  first_seen: '2026-11-30T09:00:00Z',
  last_seen: '2026-11-30T10:00:00Z',
  estimated: false,
};

describe('API discovery', { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it('lists each endpoint the traffic shows with its error rate, share with credentials, statuses and parameters, personal data marked', async () => {
    fakeWafApi({ answer: (c) => (c.path === 'waap/analytics/api-discovery/' ? jsonResponse(200, [endpoint]) : undefined) });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <ApiDiscoveryPage />
        </MemoryRouter>,
      ),
    );
    const row = within(await screen.findByRole('row', { name: /\/api\/users\/\{id\}/ }, { timeout: 10_000 }));
    expect(row.getByText('2 (25 %)')).toBeTruthy();
    expect(row.getByText('75 %')).toBeTruthy();
    expect(row.getByText('200 × 6, 404 × 2')).toBeTruthy();
    expect(row.getByText('email: email (personal data)')).toBeTruthy();
    expect(row.getByText('expand: boolean')).toBeTruthy();
  });

  it('marks the counts of an application read from a sample as estimates', async () => {
    const sampled = { ...endpoint, template: '/api/items/{id}', requests: 400, errors: 0, estimated: true };
    fakeWafApi({ answer: (c) => (c.path === 'waap/analytics/api-discovery/' ? jsonResponse(200, [endpoint, sampled]) : undefined) });
    renderWithProviders(
      withQueryClient(
        <MemoryRouter>
          <ApiDiscoveryPage />
        </MemoryRouter>,
      ),
    );
    const row = within(await screen.findByRole('row', { name: /\/api\/items\/\{id\}/ }, { timeout: 10_000 }));
    expect(row.getByText('≈ 400')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /\/api\/users\/\{id\}/ })).getByText('8')).toBeTruthy();
  });
});
