import { countryByCode, isIPv4 } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { DESTINATION_POOLS, destinationAddress, destinationRangeOf, type DestinationPool } from './flows-destinations';
import { PLACES } from './places';

const PRIVATE_OR_SPECIAL = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^192\.0\.2\./,
  /^198\.51\.100\./,
  /^203\.0\.113\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

describe('destinations', () => {
  it('lists public prefixes with known countries', () => {
    for (const range of Object.values(DESTINATION_POOLS).flat()) {
      const [base, prefix] = range.cidr.split('/') as [string, string];
      expect(isIPv4(base), range.cidr).toBe(true);
      expect(Number(prefix)).toBeGreaterThanOrEqual(8);
      expect(
        PRIVATE_OR_SPECIAL.some((p) => p.test(base)),
        range.cidr,
      ).toBe(false);
      expect(countryByCode(range.country), range.country).toBeDefined();
    }
  });

  it('gives addresses inside the pool, the same every time, not .0 or .255', () => {
    for (const pool of Object.keys(DESTINATION_POOLS) as DestinationPool[]) {
      for (const host of ['a.example', 'b.example', 'c.example']) {
        for (const slot of [0, 1, 2, 3]) {
          const ip = destinationAddress(pool, host, { lat: 13.08, lng: 80.27 }, slot);
          expect(ip).toBe(destinationAddress(pool, host, { lat: 13.08, lng: 80.27 }, slot));
          expect(destinationRangeOf(ip)).toBeDefined();
          expect(DESTINATION_POOLS[pool].some((r) => r.cidr === destinationRangeOf(ip)?.cidr) || pool === 'web').toBe(true);
          if (!ip.endsWith('.0') && !ip.endsWith('.255')) continue;
          expect(DESTINATION_POOLS[pool].some((r) => r.cidr === `${ip}/32`)).toBe(true);
        }
      }
    }
  });

  it('prefers the nearest data centres, so the fleet reaches many countries', () => {
    const countriesFrom = (site: { lat: number; lng: number }) =>
      Array.from({ length: 200 }, (_, i) => destinationRangeOf(destinationAddress('aws', `host-${i}.example`, site, 0))!.country);
    const mumbai = countriesFrom({ lat: 19.08, lng: 72.88 });
    expect(mumbai.filter((c) => c === 'IN').length).toBeGreaterThan(60);
    const frankfurt = countriesFrom({ lat: 50.1, lng: 8.7 });
    expect(frankfurt.filter((c) => c === 'IN').length).toBeLessThan(10);
    const fleet = new Set(PLACES.flatMap((p) => countriesFrom(p).slice(0, 50)));
    expect(fleet.size).toBeGreaterThanOrEqual(12);
  });
});
