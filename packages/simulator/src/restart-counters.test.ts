import { describe, expect, it } from 'vitest';
import { counterRates } from '@netloom/domain';
import { GatewayBehaviour } from './gateway-behaviour';
import { EndpointBehaviour } from './endpoint-behaviour';
import type { DeviceBehaviour } from './behaviour';
import { mulberry32 } from './prng';
import { endpointProfile, gatewayProfile } from './profiles';

/** Metrics of one run of a simulated box, every 20 s from `from` (ms), for its first interface. */
function run(box: DeviceBehaviour, from: number, samples: number) {
  return Array.from({ length: samples }, (_, i) => {
    const m = box.metrics(new Date(from + i * 20_000));
    return { at: m.at, value: m.interfaces[0]!.rx_bytes };
  });
}

describe('a simulator that restarts', () => {
  // The console turns counters into rates and reads a counter that went back as a reboot,
  // counting the new value from zero (domain counterRates). A restarted simulator must read so.
  const boxes: [string, (seed: number) => DeviceBehaviour][] = [
    ['gateway', (seed) => new GatewayBehaviour(gatewayProfile(mulberry32(7), 0), mulberry32(seed))],
    ['endpoint', (seed) => new EndpointBehaviour(endpointProfile(mulberry32(7), 0, 'acme.test'), mulberry32(seed), null)],
  ];

  it.each(boxes)('reads as a rebooted %s: no traffic spike across the restart', (_, box) => {
    const start = Date.parse('2026-03-02T10:00:00Z');
    const before = run(box(1), start, 6);
    // Down for 100 s, then the same box starts again (the demo fleet is seeded: the very same box).
    const after = run(box(1), start + 6 * 20_000 + 100_000, 6);
    const steady = counterRates(before).filter((r): r is number => r !== null);
    const across = counterRates([...before, ...after]).filter((r): r is number => r !== null);
    expect(Math.max(...steady)).toBeGreaterThan(0);
    expect(Math.max(...across)).toBeLessThanOrEqual(Math.max(...steady) * 1.5);
  });
});
