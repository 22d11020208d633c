import { describe, expect, it } from 'vitest';
import { gatewayStatus, stepLinks, type FlapRules, type LinkState } from './links';
import { mulberry32 } from './prng';

const link = (n: number): LinkState => ({ name: `WAN${n + 1}`, ifname: `eth${n}`, weight: 1, kind: 'fibre', baseLatencyMs: 10, up: true, downTicks: 0 });
const calm: FlapRules = { linkDownChance: 0, linkDownTicks: [2, 2], outageChance: 0, outageTicks: [3, 3] };

describe('link flapping', () => {
  it('never flaps with zero chances', () => {
    let links = [link(0), link(1)];
    for (let i = 0; i < 1000; i++) links = stepLinks(links, mulberry32(i), calm);
    expect(links.every((l) => l.up)).toBe(true);
  });

  it('a link that goes down comes back after its ticks', () => {
    const r = mulberry32(1);
    let links = stepLinks([link(0), link(1)], r, { ...calm, linkDownChance: 1, linkDownTicks: [3, 3] });
    expect(links.map((l) => l.up)).toEqual([false, false]);
    links = stepLinks(links, r, calm);
    links = stepLinks(links, r, calm);
    expect(links.some((l) => l.up)).toBe(false);
    links = stepLinks(links, r, calm);
    expect(links.every((l) => l.up)).toBe(true);
  });

  it('an outage takes every link down at once: the gateway is in error', () => {
    const links = stepLinks([link(0), link(1), link(2)], mulberry32(4), { ...calm, outageChance: 1 });
    expect(links.every((l) => !l.up)).toBe(true);
    expect(gatewayStatus(links)).toBe('error');
    expect(gatewayStatus([{ ...link(0), up: false }, link(1)])).toBe('running');
  });

  it('with the default rules links flap now and then, mostly up', () => {
    const r = mulberry32(11);
    let links = [link(0), link(1), link(2)];
    let downSamples = 0;
    let flaps = 0;
    for (let i = 0; i < 20_000; i++) {
      const next = stepLinks(links, r);
      next.forEach((l, n) => {
        if (!l.up) downSamples += 1;
        if (links[n]!.up && !l.up) flaps += 1;
      });
      links = next;
    }
    expect(flaps).toBeGreaterThan(20);
    expect(downSamples / (3 * 20_000)).toBeLessThan(0.1);
  });
});
