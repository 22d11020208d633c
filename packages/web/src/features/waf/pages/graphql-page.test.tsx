import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WafGraphqlView, WafPolicy } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { APP_ID, fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { GraphqlPage } from './graphql-page';

const view: WafGraphqlView = {
  from: '2026-11-29T10:00:00Z',
  to: '2026-11-30T10:00:00Z',
  requests: 7,
  refused: 1,
  by_limit: [{ limit: 'depth', count: 1 }],
  operations: [
    {
      application_id: APP_ID,
      application: 'shop',
      operation: 'query',
      name: 'GetProducts',
      requests: 6,
      errors: 0,
      max_depth: 4,
      avg_depth: 3.5,
      max_aliases: 0,
      max_fields: 14,
      avg_fields: 12,
      introspection: 0,
      last_seen: '2026-11-30T09:59:00Z',
      over_limits: [],
    },
    {
      application_id: APP_ID,
      application: 'shop',
      operation: 'query',
      name: 'Deep',
      requests: 1,
      errors: 1,
      max_depth: 12,
      avg_depth: 12,
      max_aliases: 0,
      max_fields: 40,
      avg_fields: 40,
      introspection: 0,
      last_seen: '2026-11-30T09:58:00Z',
      over_limits: ['depth'],
    },
  ],
  refusals: [
    {
      id: 'x1',
      at: '2026-11-30T09:58:00Z',
      application_id: APP_ID,
      application: 'shop',
      client_ip: '203.0.113.5',
      method: 'POST',
      path: '/graphql',
      action: 'blocked',
      limit: 'depth',
      detail: 'depth 12 over 10',
    },
  ],
};

function fake(status = 200) {
  return fakeWafApi({
    answer: (c) =>
      c.path === 'waap/analytics/graphql/'
        ? status === 200 && c.query.get('application_id') === APP_ID
          ? jsonResponse(200, view)
          : jsonResponse(status, { detail: 'You do not have permission to perform this action.', code: 'permission_denied' })
        : undefined,
  });
}

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter initialEntries={[`/waf/threat-analytics/graphql?application=${APP_ID}`]}>
        <GraphqlPage />
      </MemoryRouter>,
    ),
  );

describe('GraphQL', { timeout: 30_000 }, () => {
  describe('an admin', () => {
    signedInAs('admin');

    it('sees the operations against the limits and why a query was refused, and tightens the depth limit', async () => {
      const api = fake();
      const { user } = render();
      const ops = await screen.findByRole('table', { name: 'GraphQL operations' }, { timeout: 10_000 });
      const deep = (await within(ops).findByText('Deep')).closest('tr')!;
      expect(within(deep).getByText('Too deep')).toBeTruthy();
      expect(within(within(ops).getByText('GetProducts').closest('tr')!).getByText('Within')).toBeTruthy();
      const refusals = screen.getByRole('table', { name: 'GraphQL refusals' });
      expect(within(refusals).getByText('depth 12 over 10')).toBeTruthy();

      await user.click(screen.getByRole('switch', { name: 'Enforce GraphQL limits' }));
      const depth = screen.getByRole('textbox', { name: 'Largest depth' });
      await user.tripleClick(depth);
      await user.keyboard('6');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => {
        const put = api.calls.find((c) => c.method === 'PUT');
        expect((put?.body as { policy: WafPolicy } | undefined)?.policy.graphql).toMatchObject({ enabled: true, max_depth: 6, introspection: false });
      });
    });
  });

  describe('an editor', () => {
    signedInAs('editor');

    it('edits the limits but is told only owners and admins read what the edges logged', async () => {
      fake(403);
      render();
      expect(await screen.findByText("Only owners and admins can read the edges' logs.", {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByRole('switch', { name: 'Enforce GraphQL limits' })).toBeTruthy();
    });
  });
});
