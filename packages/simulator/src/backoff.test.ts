import { describe, expect, it } from 'vitest';
import { reconnectCeiling } from '@netloom/domain';
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from './backoff';
import { mulberry32 } from './prng';

describe('backoff', () => {
  it("follows the product's reconnect rule: from 0.5 s, doubling up to 60 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => backoffCeiling(n))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect([0, 3, 9].map((n) => backoffCeiling(n))).toEqual([0, 3, 9].map((n) => reconnectCeiling(n)));
  });

  it('stays within 0 and the ceiling', () => {
    const r = mulberry32(3);
    for (let attempt = 0; attempt < 12; attempt++) {
      for (let i = 0; i < 200; i++) {
        const d = backoffDelay(attempt, r);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(backoffCeiling(attempt, DEFAULT_BACKOFF));
      }
    }
  });

  it('spreads a fleet reconnecting after a restart over the window (full jitter)', () => {
    // 1000 devices on their 8th retry (60 s window): no second holds more than a few percent of them.
    const perSecond = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const s = Math.floor(backoffDelay(7, mulberry32(i + 1)) / 1000);
      perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    }
    expect(perSecond.size).toBeGreaterThan(50);
    expect(Math.max(...perSecond.values())).toBeLessThan(50);
  });
});
