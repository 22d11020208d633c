import { describe, expect, it } from 'vitest';
import { causeOf, componentScore, demScoreBand, experienceScore, scoreResult } from './score';
import { demResultsMessageSchema, measuresOf, type DemResult } from './results';

const healthy: DemResult = {
  test_id: '00000000-0000-4000-8000-000000000001:http',
  application_id: '00000000-0000-4000-8000-000000000001',
  at: '2026-12-01T00:00:00.000Z',
  ok: true,
  status: 200,
  dns_ms: 10,
  connect_ms: 20,
  tls_ms: 40,
  ttfb_ms: 150,
  total_ms: 400,
  latency_ms: 20,
  loss: 0,
  path: 'direct',
  context: { network: 'wifi', wifi_signal_dbm: -50, wifi_ssid: 'Office', cpu_pct: 20, memory_pct: 40 },
};

describe('the experience score', () => {
  it('scores a component 100 at good, 0 at poor and in a line between', () => {
    expect(componentScore('ttfb', 300)).toBe(100);
    expect(componentScore('ttfb', 2000)).toBe(0);
    expect(componentScore('ttfb', 1150)).toBe(50);
    expect(componentScore('ttfb', 9000)).toBe(0);
    // Wi-Fi: higher is better.
    expect(componentScore('wifi', -50)).toBe(100);
    expect(componentScore('wifi', -70)).toBe(50);
    expect(componentScore('wifi', -90)).toBe(0);
  });

  it('gives a healthy result 100 and names nothing', () => {
    expect(scoreResult(measuresOf(healthy), 'direct')).toMatchObject({ score: 100, worst_component: null, cause: null });
  });

  it('weighs the components it measured only', () => {
    // ttfb at 50 (weight 20) and dns at 100 (weight 10): (50·20 + 100·10) / 30.
    expect(experienceScore({ ttfb: 50, dns: 100 })).toBe(66.7);
  });

  it('lets a failed availability check dominate', () => {
    const r = scoreResult(measuresOf({ ...healthy, ok: false, error: 'timeout' }), 'direct');
    expect(r.score).toBe(0);
    expect(r.worst_component).toBe('availability');
    expect(r.cause).toBe('app');
  });

  it('names a weak Wi-Fi signal as the cause, not the latency and loss it brings', () => {
    const r = scoreResult(measuresOf({ ...healthy, latency_ms: 290, loss: 4.8, context: { ...healthy.context, wifi_signal_dbm: -84 } }), 'direct');
    expect(r.worst_component).toBe('wifi');
    expect(r.cause).toBe('wifi');
    expect(r.score).toBeLessThan(80);
  });

  it('ignores the Wi-Fi signal of a wired endpoint', () => {
    const r = scoreResult(measuresOf({ ...healthy, context: { network: 'wired', wifi_signal_dbm: -90 } }), 'direct');
    expect(r.score).toBe(100);
  });

  it('names DNS, the app, the device, the relay or the network by the worst component', () => {
    expect(scoreResult(measuresOf({ ...healthy, dns_ms: 400 }), 'direct').cause).toBe('dns');
    expect(scoreResult(measuresOf({ ...healthy, ttfb_ms: 2500, total_ms: 3000 }), 'direct').cause).toBe('app');
    expect(scoreResult(measuresOf({ ...healthy, context: { ...healthy.context, cpu_pct: 99 } }), 'direct').cause).toBe('device');
    expect(scoreResult(measuresOf({ ...healthy, latency_ms: 400 }), 'relay').cause).toBe('relay');
    expect(scoreResult(measuresOf({ ...healthy, latency_ms: 400 }), 'direct').cause).toBe('network');
    expect(causeOf('connect', 'relay')).toBe('relay');
  });

  it('blames a busy CPU for a slow total, not for the server’s late first byte', () => {
    const busy = { ...healthy.context, cpu_pct: 100 };
    expect(scoreResult(measuresOf({ ...healthy, ttfb_ms: 2500, context: busy }), 'direct').cause).toBe('app');
    expect(scoreResult(measuresOf({ ...healthy, total_ms: 4500, context: busy }), 'direct').cause).toBe('device');
  });
});

describe('score bands', () => {
  it('colours 80 and up good, under 50 poor, fair between', () => {
    expect([100, 80, 79.9, 50, 49.9, 0].map(demScoreBand)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor']);
  });
});

describe('the dem_results message', () => {
  it('takes a batch and refuses an empty one or a NUL in text', () => {
    expect(demResultsMessageSchema.safeParse({ type: 'dem_results', seq: 1, results: [healthy] }).success).toBe(true);
    expect(demResultsMessageSchema.safeParse({ type: 'dem_results', seq: 1, results: [] }).success).toBe(false);
    expect(demResultsMessageSchema.safeParse({ type: 'dem_results', seq: 1, results: [{ ...healthy, error: 'a\u0000b' }] }).success).toBe(false);
  });
});
