import { describe, expect, it } from 'vitest';
import { rumBeaconSchema } from '@netloom/domain';
import { demoBeacon } from './rum';

describe('the demo’s RUM visitors', () => {
  it('send beacons the ingest takes, slower on the checkout, an error now and then', () => {
    const site = { name: 'Acme Shop', kind: 'website', origin: 'https://shop.acme.test', pages: ['/checkout', '/'] } as const;
    const beacons = Array.from({ length: 400 }, () => demoBeacon(site, Date.now()));
    for (const b of beacons) expect(rumBeaconSchema.safeParse(b).success).toBe(true);
    const lcp = (path: string) => {
      const values = beacons
        .filter((b) => b.url.endsWith(path))
        .flatMap((b) => b.events.flatMap((e) => (e.t === 'vital' && e.name === 'LCP' ? [e.value] : [])));
      return values.sort((a, b) => a - b)[Math.floor(values.length * 0.75)]!;
    };
    expect(lcp('/checkout')).toBeGreaterThan(lcp('.test/'));
    expect(beacons.some((b) => b.events.some((e) => e.t === 'error'))).toBe(true);
  });
});
