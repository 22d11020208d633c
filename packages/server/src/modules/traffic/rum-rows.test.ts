import { describe, expect, it } from 'vitest';
import { rumBeaconSchema } from '@netloom/domain';
import { rumDimRollupsOf } from './rum-dim-rows';
import { rumRollupsOf, rumRowsOf, type RumBeaconToStore } from './rum-rows';

const NOW = new Date('2026-03-01T12:00:30Z');
const client = { browser: 'Chrome', os: 'Linux', device_class: 'desktop' as const };
const beacon = (events: unknown[], extra: object = {}): RumBeaconToStore => ({
  tenantId: '5f2b0c1e-1111-4222-8333-944445555666',
  siteId: '6f2b0c1e-1111-4222-8333-944445555666',
  receivedAt: NOW,
  country: null,
  client,
  beacon: rumBeaconSchema.parse({ v: 1, sid: 'session-1', pid: 'pageview-1', url: 'https://a.test/users/42?x=1', events, ...extra }),
});

describe('RUM rows of a batch', () => {
  it('dates events by the browser unless its clock is off by more than a day back or a minute ahead', () => {
    const rows = rumRowsOf([
      beacon([
        { t: 'vital', at: NOW.getTime() - 3_600_000, name: 'LCP', value: 1000 },
        { t: 'vital', at: NOW.getTime() - 3 * 86_400_000, name: 'LCP', value: 1000 },
        { t: 'vital', at: NOW.getTime() + 3_600_000, name: 'LCP', value: 1000 },
      ]),
    ]);
    expect(rows.vitals.map((v) => v.at)).toEqual(['2026-03-01T11:00:30.000Z', NOW.toISOString(), NOW.toISOString()]);
  });

  it('names a page by its route in an app, keeps no query, and a route change ends the session on its new page', () => {
    const rows = rumRowsOf([
      beacon(
        [
          { t: 'view', at: NOW.getTime() - 1000 },
          { t: 'route', at: NOW.getTime(), from: 'https://a.test/users/42', to: 'https://a.test/orders/7?tab=2', route: '/orders/:id' },
        ],
        { route: '/users/:id' },
      ),
    ]);
    expect(rows.views.map((v) => [v.kind, v.page, v.path])).toEqual([
      ['view', '/users/:id', '/users/42'],
      ['route', '/orders/:id', '/orders/7'],
    ]);
    expect(rows.sessions[0]).toMatchObject({ entry_page: '/users/:id', exit_page: '/orders/:id', page_views: 1, country: '' });
  });

  it('adds to the rollups once per key, and one-dimension rows per dimension with sessions counted as they start', () => {
    const rows = rumRowsOf([
      beacon([
        { t: 'view', at: NOW.getTime() },
        { t: 'vital', at: NOW.getTime(), name: 'LCP', value: 1000 },
        { t: 'vital', at: NOW.getTime(), name: 'LCP', value: 1001 },
      ]),
    ]);
    const full = rumRollupsOf(rows, 'hour');
    expect(full.pages).toEqual([expect.objectContaining({ at: '2026-03-01T12:00:00.000Z', views: 1, errors: 0 })]);
    expect(full.vitals.reduce((n, v) => n + v.count, 0)).toBe(2);
    const dims = rumDimRollupsOf(rows, 'minute', rows.sessions);
    expect(dims.pages.map((p) => [p.dim, p.key, p.views, p.sessions])).toContainEqual(['', '', 1, 1]);
    expect(dims.pages.map((p) => p.dim).sort()).toEqual(['', 'browser', 'country', 'device_class', 'os', 'page']);
    expect(rumDimRollupsOf(rows, 'minute', [], ['']).vitals.every((v) => v.dim === '')).toBe(true);
  });
});
