import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ApiAbuseView } from '@netloom/domain';
import { jsonResponse, signedInAs, withQueryClient } from '@/test/query-wrapper';
import { renderWithProviders } from '@/test/render';
import { fakeWafApi } from '@/features/waf/components/fake-waf-api';
import { ApiAbusePage } from './api-abuse-page';

const WALKER = 'a1b2c3d4e5f60718';
const CALM = '0f1e2d3c4b5a6978';
const view: ApiAbuseView = {
  from: '2026-11-29T10:00:00Z',
  to: '2026-11-30T10:00:00Z',
  keys: [
    {
      key: WALKER,
      requests: 900,
      errors4xx: 300,
      per_hour: 38,
      baseline_per_hour: 4,
      risk: 70,
      anomalies: [{ kind: 'enumeration', detail: '800 distinct ids on GET /api/users/{id}' }],
      top_templates: [{ method: 'GET', template: '/api/users/{id}', requests: 850, distinct_ids: 800 }],
      clients: ['203.0.113.20'],
      last_seen: '2026-11-30T09:59:00Z',
      blocked: false,
    },
    {
      key: CALM,
      requests: 40,
      errors4xx: 0,
      per_hour: 2,
      baseline_per_hour: null,
      risk: 0,
      anomalies: [],
      top_templates: [{ method: 'GET', template: '/api/orders', requests: 40, distinct_ids: 0 }],
      clients: ['198.51.100.30'],
      last_seen: '2026-11-30T09:00:00Z',
      blocked: false,
    },
  ],
  blocked: [],
};

function fake() {
  let blocked: ApiAbuseView['blocked'] = [];
  return fakeWafApi({
    answer: (c) => {
      if (c.path === 'waap/bots/api-abuse/')
        return jsonResponse(200, { ...view, keys: view.keys.map((k) => ({ ...k, blocked: blocked.some((b) => b.key === k.key) })), blocked });
      if (c.path === 'waap/bots/api-abuse/block/') {
        const { key, blocked: refuse } = c.body as { key: string; blocked: boolean };
        blocked = refuse ? [...blocked, { key, blocked_at: '2026-11-30T10:00:00Z' }] : blocked.filter((b) => b.key !== key);
        return jsonResponse(200, blocked);
      }
      return undefined;
    },
  });
}

const render = () =>
  renderWithProviders(
    withQueryClient(
      <MemoryRouter>
        <ApiAbusePage />
      </MemoryRouter>,
    ),
  );

describe('API abuse protection', { timeout: 30_000 }, () => {
  describe('an admin', () => {
    signedInAs('admin');

    it('sees the keys riskiest first with why, and refuses one at the edges', async () => {
      const api = fake();
      const { user } = render();
      const walker = within(await screen.findByRole('row', { name: new RegExp(WALKER) }, { timeout: 10_000 }));
      expect(walker.getByText('800 distinct ids on GET /api/users/{id}')).toBeTruthy();
      expect(walker.getByText('70')).toBeTruthy();
      expect(walker.getByText('203.0.113.20')).toBeTruthy();
      expect(within(screen.getByRole('row', { name: new RegExp(CALM) })).getByText('New')).toBeTruthy();
      const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
      expect(rows.findIndex((r) => r.includes(WALKER))).toBeLessThan(rows.findIndex((r) => r.includes(CALM)));
      await user.click(walker.getByRole('button', { name: 'Block' }));
      await waitFor(() => expect(api.calls.find((c) => c.path === 'waap/bots/api-abuse/block/')?.body).toEqual({ key: WALKER, blocked: true }));
      expect(await within(await screen.findByRole('row', { name: new RegExp(WALKER) })).findByRole('button', { name: 'Unblock' })).toBeTruthy();
      expect(screen.getByLabelText('Summary').textContent).toContain('1 refused at the edges');
    });
  });

  describe('a viewer', () => {
    signedInAs('viewer');

    it('sees whether each key is refused, with no way to change it', async () => {
      fake();
      render();
      const walker = within(await screen.findByRole('row', { name: new RegExp(WALKER) }, { timeout: 10_000 }));
      expect(walker.getByText('Allowed')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    });
  });
});
