import { describe, expect, it } from 'vitest';
import { RECONNECT_BACKOFF, reconnectCeiling, reconnectDelay, reconnectTryTimeout } from './reconnect';

/** A seeded stream of numbers in [0, 1) (mulberry32), so the spread below is the same every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('agent reconnect back-off', () => {
  it('starts small after a connection that was up, and grows only as tries fail', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => reconnectCeiling(n))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('waits a jittered time between 0 and the ceiling', () => {
    const random = seeded(3);
    for (let failures = 0; failures < 12; failures++) {
      for (let i = 0; i < 200; i++) {
        const d = reconnectDelay(failures, random);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(reconnectCeiling(failures, RECONNECT_BACKOFF));
      }
    }
  });

  it('spreads a fleet that lost its instance over the window instead of the same instant', () => {
    // 1000 devices after an abrupt close: they come back within half a second, and no 50 ms slot of it holds more than 15 % of them.
    const perSlot = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const delay = reconnectDelay(0, seeded(i + 1));
      expect(delay).toBeLessThanOrEqual(500);
      const slot = Math.min(9, Math.floor(delay / 50));
      perSlot.set(slot, (perSlot.get(slot) ?? 0) + 1);
    }
    expect(perSlot.size).toBe(10);
    expect(Math.max(...perSlot.values())).toBeLessThan(150);
    // After many failures (a long outage) the same fleet spreads over a minute.
    const late = new Set(Array.from({ length: 1000 }, (_, i) => Math.floor(reconnectDelay(9, seeded(i + 1)) / 1000)));
    expect(late.size).toBeGreaterThan(50);
  });

  it('gives a try 3 s to be answered, and after three failed tries half as long again each time, up to 20 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(reconnectTryTimeout)).toEqual([3_000, 3_000, 3_000, 4_500, 6_750, 10_125, 15_188, 20_000, 20_000]);
  });

  it('fails over within seconds when half the tries go to an instance that no longer answers', () => {
    // Each try lands on the dead instance with probability ½ and is then given up after its timeout.
    const random = seeded(42);
    const times: number[] = [];
    for (let device = 0; device < 2000; device++) {
      let t = 0;
      for (let failures = 0; ; failures++) {
        t += reconnectDelay(failures, random);
        if (random() < 0.5) break;
        t += reconnectTryTimeout(failures);
      }
      times.push(t);
    }
    times.sort((x, y) => x - y);
    expect(times[Math.floor(times.length / 2)]!).toBeLessThan(5_000);
    expect(times[Math.floor(times.length * 0.9)]!).toBeLessThan(15_000);
  });
});
