import { flowRecordSchema, type FlowRecord } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { capFlows } from './flows-batch';

const record = (i: number, patch: Partial<FlowRecord> = {}): FlowRecord => ({
  start: '2025-03-03T14:00:00.000Z',
  end: '2025-03-03T14:00:30.000Z',
  src_ip: `192.168.${Math.floor(i / 200)}.${1 + (i % 200)}`,
  src_port: 40000 + (i % 20000),
  dst_ip: '8.8.8.8',
  dst_port: 53,
  protocol: 17,
  src_bytes: 80 + i,
  src_packets: 1,
  dst_bytes: 200 + i,
  dst_packets: 1,
  in_ifname: 'lan1',
  out_ifname: i % 3 === 0 ? 'eth1' : 'eth0',
  wan: i % 3 === 0 ? 'WAN2' : 'WAN1',
  dscp: 0,
  ...patch,
});

const totals = (rs: readonly FlowRecord[]) => {
  const t = new Map<string, number[]>();
  for (const r of rs) {
    const x = t.get(r.wan ?? '') ?? [0, 0, 0, 0];
    t.set(r.wan ?? '', [x[0]! + r.src_bytes, x[1]! + r.src_packets, x[2]! + r.dst_bytes, x[3]! + r.dst_packets]);
  }
  return t;
};

describe('capFlows', () => {
  it('leaves a batch that fits as it is', () => {
    const rs = Array.from({ length: 10 }, (_, i) => record(i));
    expect(capFlows(rs, 10)).toEqual(rs);
  });

  it('merges the smallest first, keeping the biggest intact and every byte and packet', () => {
    // One client, many DNS queries to one resolver, and a few big downloads.
    const dns = Array.from({ length: 50 }, (_, i) => record(0, { src_port: 40000 + i }));
    const big = Array.from({ length: 5 }, (_, i) => record(0, { dst_ip: '104.16.0.1', dst_port: 443, protocol: 6, dst_bytes: 1e6 + i, src_port: 50000 + i }));
    const capped = capFlows([...dns, ...big], 8);
    expect(capped.length).toBeLessThanOrEqual(8);
    for (const b of big) expect(capped).toContainEqual(b);
    expect(totals(capped)).toEqual(totals([...dns, ...big]));
    for (const r of capped) flowRecordSchema.parse(r);
  });

  it('holds any number of clients within the limit, per-WAN totals kept', () => {
    const rs = Array.from({ length: 3000 }, (_, i) => record(i));
    const capped = capFlows(rs, 100);
    expect(capped.length).toBe(100);
    expect(totals(capped)).toEqual(totals(rs));
    for (const r of capped) flowRecordSchema.parse(r);
  });
});
