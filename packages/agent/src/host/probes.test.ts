import { describe, expect, it } from 'vitest';
import { parsePing } from './probes';

describe("a WAN probe read off iputils ping's summary", () => {
  it('takes the average round trip as latency and mdev as jitter', () => {
    const out = '3 packets transmitted, 2 received, 33.3333% packet loss, time 402ms\nrtt min/avg/max/mdev = 0.041/0.052/0.063/0.011 ms\n';
    expect(parsePing(out)).toEqual({ loss_pct: 33.3333, latency_ms: 0.052, jitter_ms: 0.011 });
  });
  it('reads a target that never answered as lost, with no latency', () => {
    expect(parsePing('3 packets transmitted, 0 received, 100% packet loss, time 2030ms\n')).toEqual({ loss_pct: 100, latency_ms: null, jitter_ms: null });
    expect(parsePing('ping: connect: Network is unreachable')).toEqual({ loss_pct: 100, latency_ms: null, jitter_ms: null });
  });
});
