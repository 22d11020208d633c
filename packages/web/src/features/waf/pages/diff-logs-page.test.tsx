import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafApiDriftRow } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { DiffLogsPage } from './diff-logs-page';

const row = (over: Partial<WafApiDriftRow>): WafApiDriftRow => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  application_id: APP_ID,
  application: 'shop',
  kind: 'shadow',
  method: 'DELETE',
  path: '/debug/cache',
  param: null,
  detail: '3 requests; not in the document',
  first_seen: '2026-11-29T10:00:00Z',
  resolved_at: null,
  resolution: null,
  ...over,
});
const ROWS = [
  row({}),
  row({
    id: 'd0000000-0000-4000-8000-000000000002',
    kind: 'undeclared_param',
    method: 'GET',
    path: '/users/{userId}',
    param: 'debug',
    detail: 'Seen as integer; not declared',
    resolved_at: '2026-11-30T09:00:00Z',
    resolution: 'The document now declares it',
  }),
];

describe('API diff logs', { timeout: 30_000 }, () => {
  signedInAs('viewer');

  it('lists each change with when it appeared and why it was resolved, and asks the server for one kind and state', async () => {
    const api = fakeWafApi({ answer: (c) => (c.path === 'waap/api-security/diff-logs/' ? jsonResponse(200, ROWS) : undefined) });
    const { user } = renderWithProviders(
      withQueryClient(
        <MemoryRouter initialEntries={['/waf/api-security/diff-logs?application=all']}>
          <DiffLogsPage />
        </MemoryRouter>,
      ),
    );
    const shadow = within(await screen.findByRole('row', { name: /\/debug\/cache/ }, { timeout: 10_000 }));
    expect(shadow.getByText('Shadow endpoint')).toBeTruthy();
    expect(shadow.getByText('Open')).toBeTruthy();
    const param = within(screen.getByRole('row', { name: /\/users\/\{userId\} \?debug/ }));
    expect(param.getByText('Undeclared parameter')).toBeTruthy();
    expect(param.getByText('Resolved')).toBeTruthy();
    expect(param.getByText('The document now declares it')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Resolved' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === 'waap/api-security/diff-logs/' && c.query.get('state') === 'resolved')).toBe(true));
  });
});
