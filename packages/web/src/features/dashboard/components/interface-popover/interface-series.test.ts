import { describe, expect, it } from 'vitest';
import type { InterfaceMetrics } from '@netloom/domain';
import { deviceRow } from '@/test/device-row';
import { interfaceSeries, lossSummary, wanSparklines } from './interface-series';

const t0 = Date.parse('2026-01-02T10:00:00Z');
const at = (s: number) => new Date(t0 + s * 1000).toISOString();
const point = (s: number, rx: number | null, tx: number | null, latency: number | null = 20, loss: number | null = 0) => ({
  at: at(s),
  rx_bytes: rx,
  tx_bytes: tx,
  latency_ms: latency,
  loss_pct: loss,
});

describe('interfaceSeries', () => {
  it('turns counters into byte rates per second, in time order, with a gap first', () => {
    const metrics: InterfaceMetrics[] = [
      { ifname: 'eth1', points: [point(10, 2000, 600, 25, 1), point(0, 1000, 100, 20, 0), point(20, 2500, 1100, null, 2)] },
      { ifname: 'eth0', points: [] },
    ];
    const [eth0, eth1] = interfaceSeries(metrics);
    expect(eth0!.ifname).toBe('eth0');
    expect(eth1!.timestamp).toEqual([at(0), at(10), at(20)]);
    expect(eth1!.rxRate).toEqual([null, 100, 50]);
    expect(eth1!.txRate).toEqual([null, 50, 50]);
    expect(eth1!.latencyMs).toEqual([20, 25, null]);
    expect(eth1!.lossPct).toEqual([0, 1, 2]);
  });

  it('restarts the rate from zero after a counter reset (device reboot)', () => {
    const [s] = interfaceSeries([{ ifname: 'eth0', points: [point(0, 5_000_000, 0), point(10, 1000, 0)] }]);
    expect(s!.rxRate).toEqual([null, 100]);
  });
});

describe('wanSparklines', () => {
  it('feeds each WAN link from its interface: up is tx, down is rx, last 20 samples', () => {
    const points = Array.from({ length: 30 }, (_, i) => point(i * 10, i * 1000, i * 500));
    const series = interfaceSeries([{ ifname: 'eth0', points }]);
    const device = deviceRow('a', {
      wan_status: [
        { name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 },
        { name: 'WAN2', status: 'down', ifname: 'eth9', weight: 1 },
      ],
    });
    const [wan1, wan2] = wanSparklines(device, series);
    expect(wan1!.up).toHaveLength(20);
    expect(wan1!.up.every((v) => v === 50)).toBe(true);
    expect(wan1!.down.every((v) => v === 100)).toBe(true);
    expect(wan2).toEqual({ name: 'WAN2', ifname: 'eth9', status: 'down', up: [], down: [] });
  });
});

describe('lossSummary', () => {
  it('gives the latest and the worst loss, or nothing without readings', () => {
    expect(lossSummary([0, 4, null, 1])).toEqual({ now: 1, max: 4 });
    expect(lossSummary([null, undefined])).toBeNull();
  });
});
