import type { RumAlert, RumErrors, RumOverview, RumSessionDetail, RumSite, RumSlowestPages, RumTimeseries } from '@netloom/domain';
import { fakeApi, pageOf, type ApiCall } from '@/test/fake-api';

/** Test data and a fake server for the RUM page's components (tests only). */
export const SHOP_ID = 'c1000000-0000-4000-8000-000000000001';
const APP_ID = 'c1000000-0000-4000-8000-000000000002';
const BLOG_ID = 'c1000000-0000-4000-8000-000000000003';

export function site(over: Partial<RumSite> = {}): RumSite {
  return {
    id: SHOP_ID,
    name: 'Shop',
    kind: 'website',
    origins: ['https://shop.example.com'],
    sample_rate: 0.5,
    honour_dnt: true,
    public_key: 'pk_shop_0123456789',
    created_at: '2026-11-30T10:00:00Z',
    last_beacon_at: '2026-11-30T11:00:00Z',
    ...over,
  };
}

const SITES: RumSite[] = [
  site(),
  site({ id: BLOG_ID, name: 'Blog', origins: ['https://blog.example.com'], public_key: 'pk_blog_0123456789' }),
  site({ id: APP_ID, name: 'Console app', kind: 'app', origins: ['https://app.example.com'], public_key: 'pk_app_0123456789' }),
];

const vital = (name: RumOverview['vitals'][number]['name'], p75: number, rating: 'good' | 'needs-improvement' | 'poor', good: number, poor: number) => ({
  name,
  p75,
  rating,
  good_share: 0.6,
  samples: 120,
  thresholds: { good, poor },
  unit: name === 'CLS' ? ('score' as const) : ('ms' as const),
});

const OVERVIEW: RumOverview = {
  page_views: 1520,
  sessions: 410,
  error_rate: 0.032,
  good_load_share: 0.58,
  vitals: [
    vital('LCP', 3120, 'needs-improvement', 2500, 4000),
    vital('INP', 180, 'good', 200, 500),
    vital('CLS', 0.31, 'poor', 0.1, 0.25),
    vital('FCP', 1400, 'good', 1800, 3000),
    vital('TTFB', 620, 'good', 800, 1800),
  ],
};

const TIMESERIES: RumTimeseries = {
  step_seconds: 3600,
  points: [
    { at: '2026-11-30T09:00:00Z', p75: 2900, samples: 40, good_share: 0.62 },
    { at: '2026-11-30T10:00:00Z', p75: 3300, samples: 80, good_share: 0.55 },
  ],
};

const SLOWEST: RumSlowestPages = {
  results: [
    {
      page: '/checkout',
      p75: 5200,
      samples: 30,
      rating: 'poor',
      attribution: {
        target: 'main > img.hero',
        url: 'https://cdn.example.com/hero.avif',
        interaction_type: null,
        phases: { resourceLoadDuration: 3900, ttfb: 600 },
      },
    },
  ],
};

const ERRORS: RumErrors = {
  error_rate: 0.032,
  results: [
    {
      fingerprint: 'f00dfeed00000001',
      message: "Cannot read properties of undefined (reading 'total')",
      kind: 'TypeError',
      count: 42,
      sessions: 17,
      pages: 2,
      first_seen: '2026-11-30T08:00:00Z',
      last_seen: '2026-11-30T11:00:00Z',
      release: 'shop@1.4.2',
      stack: "TypeError: Cannot read properties of undefined (reading 'total')\n    at cartTotal (src/cart.ts:12:7)\n    at checkout (src/checkout.ts:40:3)",
      resolved: true,
    },
  ],
};

const SESSION: RumSessionDetail = {
  session: {
    id: 'sess-0001-abcdefgh',
    started_at: '2026-11-30T10:00:00Z',
    ended_at: '2026-11-30T10:03:20Z',
    page_views: 2,
    errors: 1,
    country: 'FR',
    browser: 'Chrome',
    os: 'Linux',
    device_class: 'desktop',
    entry_page: '/',
    exit_page: '/checkout',
  },
  events: [
    { at: '2026-11-30T10:00:00Z', type: 'view', page: '/', detail: { path: '/', nav_type: 'navigate', timing: { ttfb: 120, load: 1830 } } },
    { at: '2026-11-30T10:00:02Z', type: 'vital', page: '/', detail: { name: 'LCP', value: 2100, rating: 'good', attribution: { target: 'h1.title' } } },
    { at: '2026-11-30T10:01:00Z', type: 'route', page: '/checkout', detail: { path: '/checkout', from: '/', nav_type: 'route' } },
    { at: '2026-11-30T10:03:20Z', type: 'error', page: '/checkout', detail: { kind: 'TypeError', message: 'boom at checkout', fingerprint: 'f00d' } },
  ],
};

export function alert(over: Partial<RumAlert> = {}): RumAlert {
  return {
    id: 'a1000000-0000-4000-8000-000000000001',
    site_id: SHOP_ID,
    vital: 'LCP',
    threshold: 4000,
    window_minutes: 30,
    enabled: true,
    state: 'alerting',
    last_value: 4410,
    ...over,
  };
}

/** Answers the RUM page's reads from `state`; `answer` overrides one call. */
export function fakeRumApi(state: { sites?: RumSite[]; alerts?: RumAlert[]; answer?: (c: ApiCall) => Response | undefined } = {}) {
  const sites = state.sites ?? SITES;
  return fakeApi(
    {
      'GET rum/sites/': () => sites,
      'GET rum/overview/': () => OVERVIEW,
      'GET rum/vitals/timeseries/': () => TIMESERIES,
      'GET rum/vitals/breakdown/': (c) => ({
        results:
          c.query.get('by') === 'country'
            ? [{ key: 'FR', p75: 3500, samples: 60, good_share: 0.5, rating: 'needs-improvement' }]
            : [{ key: '/checkout', p75: 5200, samples: 30, good_share: 0.3, rating: 'poor' }],
      }),
      'GET rum/slowest-pages/': () => SLOWEST,
      'GET rum/errors/': () => ERRORS,
      'GET rum/sessions/': () => pageOf([SESSION.session]),
      [`GET rum/sessions/${SESSION.session.id}/`]: () => SESSION,
      'GET rum/alerts/': () => state.alerts ?? [alert(), alert({ id: 'a1000000-0000-4000-8000-000000000002', site_id: APP_ID, vital: 'INP' })],
      [`GET rum/sites/${SHOP_ID}/snippet/`]: () => ({
        snippet: `<script src="https://netloom.test/rum/sdk/v1/netloom-rum.js" data-key="pk_shop_0123456789" defer></script>`,
        sdk_url: 'https://netloom.test/rum/sdk/v1/netloom-rum.js',
        ingest_url: 'https://netloom.test/api/v1/rum/ingest/pk_shop_0123456789/',
      }),
      [`GET rum/sites/${SHOP_ID}/sourcemaps/`]: () => [],
    },
    (call) => state.answer?.(call),
  );
}
