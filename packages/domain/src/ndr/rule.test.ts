import { describe, expect, it } from 'vitest';
import { portScanRule } from './rules/port-scan';
import { isoMs } from './rule';
import { flow, MIN, T0 } from './test-fixtures';

const scan = (from: number) => Array.from({ length: 25 }, (_, i) => flow(from + i * 1000, { src_ip: '10.0.0.66', dst_ip: '10.0.1.20', dst_port: i + 1 }));

describe('a rule’s step', () => {
  it('orders a batch by time itself', () => {
    const params = portScanRule.defaults();
    const inOrder = portScanRule.step(undefined, scan(0), params, T0 + MIN).detections;
    expect(portScanRule.step(undefined, [...scan(0)].reverse(), params, T0 + MIN).detections).toEqual(inOrder);
  });

  it('leaves out evidence from more than five minutes in the future, as a device’s wrong clock', () => {
    const params = portScanRule.defaults();
    expect(portScanRule.step(undefined, scan(10 * MIN), params, T0).detections).toEqual([]);
    expect(portScanRule.step(undefined, scan(4 * MIN), params, T0).detections).toHaveLength(1);
  });

  it('starts afresh from a state of another layout', () => {
    const params = portScanRule.defaults();
    const { state } = portScanRule.step(undefined, scan(0).slice(0, 15), params, T0 + MIN);
    expect(portScanRule.step(state, scan(0).slice(15), params, T0 + MIN).detections).toHaveLength(1);
    expect(portScanRule.step({ ...state, v: 999 }, scan(0).slice(15), params, T0 + MIN).detections).toEqual([]);
  });

  it('reads evidence times as Date.parse does', () => {
    for (const text of [
      '2025-03-03T10:20:30Z',
      '2025-03-03T10:20:30.5Z',
      '2025-03-03T10:20:30.123Z',
      '2025-03-03T10:20:30.123456Z',
      '2024-02-29T23:59:59.999Z',
    ]) {
      expect(isoMs(text), text).toBe(Date.parse(text));
    }
  });
});
