import { describe, expect, it } from 'vitest';
import { rumPageOf, referrerOrigin, rumBeaconSchema } from './beacon';

const AT = Date.UTC(2026, 0, 1);
const beacon = (over: Record<string, unknown> = {}) => ({
  v: 1,
  sid: 'session_123',
  pid: 'page-12345',
  url: 'https://shop.example.com/cart?token=secret#x',
  events: [{ t: 'vital', at: AT, name: 'LCP', value: 1800, attribution: { target: 'img.hero', phases: { ttfb: 200 } } }],
  ...over,
});

describe('beacon', () => {
  it('accepts every kind of event', () => {
    const ok = rumBeaconSchema.safeParse(
      beacon({
        events: [
          {
            t: 'view',
            at: AT,
            nav: { type: 'navigate', ttfb: 120, load: 900 },
            resources: { count: 3, bytes: 1000, slowest: [{ name: 'a.js', initiator: 'script', duration: 40 }] },
          },
          { t: 'vital', at: AT, name: 'CLS', value: 0.05 },
          { t: 'error', at: AT, message: 'boom', stack: 'Error: boom\n    at f (https://x/app.js:1:2)' },
          { t: 'route', at: AT, from: '/a', to: '/b', route: '/users/:id' },
        ],
      }),
    );
    expect(ok.success).toBe(true);
  });

  it('refuses no events, too many, bad ids, non-finite and negative numbers, out-of-range vitals', () => {
    const view = { t: 'view', at: AT };
    expect(rumBeaconSchema.safeParse(beacon({ events: [] })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: Array.from({ length: 101 }, () => view) })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: Array.from({ length: 100 }, () => view) })).success).toBe(true);
    expect(rumBeaconSchema.safeParse(beacon({ sid: 'short' })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ sid: 'has space in it' })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: [{ t: 'vital', at: AT, name: 'LCP', value: -1 }] })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: [{ t: 'vital', at: AT, name: 'LCP', value: Infinity }] })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: [{ t: 'vital', at: AT, name: 'CLS', value: 101 }] })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: [{ t: 'vital', at: 12, name: 'LCP', value: 1 }] })).success).toBe(false);
  });

  it('keeps numbers to the thousandth, so a subnormal one is stored as 0', () => {
    const parsed = rumBeaconSchema.parse(
      beacon({
        events: [
          { t: 'vital', at: AT, name: 'CLS', value: 5e-324 },
          { t: 'vital', at: AT, name: 'LCP', value: 1234.56789 },
        ],
      }),
    );
    expect(parsed.events.map((e) => (e.t === 'vital' ? e.value : null))).toEqual([0, 1234.568]);
  });

  it('caps strings and refuses NUL and non-http URLs', () => {
    expect(rumBeaconSchema.safeParse(beacon({ events: [{ t: 'error', at: AT, message: 'x'.repeat(1001) }] })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ events: [{ t: 'error', at: AT, message: 'a\u0000b' }] })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ url: 'javascript:alert(1)' })).success).toBe(false);
    expect(rumBeaconSchema.safeParse(beacon({ release: 'r'.repeat(101) })).success).toBe(false);
  });

  it('keeps only the origin and path of a page and the origin of a referrer', () => {
    expect(rumPageOf('https://shop.example.com/cart?token=secret#x')).toEqual({ origin: 'https://shop.example.com', path: '/cart' });
    expect(referrerOrigin('https://google.com/search?q=me')).toBe('https://google.com');
    expect(referrerOrigin('android-app://x')).toBeNull();
    expect(referrerOrigin(undefined)).toBeNull();
  });
});
