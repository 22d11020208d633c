import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { portScanRule } from './port-scan';
import { flow, MIN, runRule, seeded, splitAt, T0 } from '../test-fixtures';
import type { NdrFlow } from '../evidence';

const params = portScanRule.defaults();

/** nmap's SYN scan of the first 100 ports: each probe answered by a reset or not at all. */
const scan = (from: number, src = '10.0.0.66', dst = '10.0.1.20', ports = 100): NdrFlow[] =>
  Array.from({ length: ports }, (_, i) =>
    flow(from + i * 500, {
      src_ip: src,
      dst_ip: dst,
      dst_port: i + 1,
      src_port: 40000,
      bytes_out: 44,
      bytes_in: i % 3 ? 0 : 40,
      packets_out: 1,
      packets_in: i % 3 ? 0 : 1,
    }),
  );

/** A browser and an office's usual traffic: many sites, a few ports each; a mail client; a file share. */
function normalDay(seed: number): NdrFlow[] {
  const rnd = seeded(seed);
  const out: NdrFlow[] = [];
  for (let i = 0; i < 3000; i++) {
    const host = `10.0.0.${10 + Math.floor(rnd() * 40)}`;
    const site = `${23 + Math.floor(rnd() * 150)}.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}.${1 + Math.floor(rnd() * 250)}`;
    const port = [443, 443, 443, 80, 993, 587, 53][Math.floor(rnd() * 7)]!;
    out.push(flow(i * 1000 * 20, { src_ip: host, dst_ip: site, dst_port: port, protocol: port === 53 ? 17 : 6 }));
    if (i % 10 === 0) out.push(flow(i * 1000 * 20, { src_ip: host, dst_ip: '10.0.1.5', dst_port: [445, 139, 135][i % 3]! }));
  }
  return out;
}

describe('port scan', () => {
  it('turns a scan of 100 ports into one detection naming the scanner, its target and the ports', () => {
    const { detections } = runRule(portScanRule, [scan(0)], params);
    expect(detections).toHaveLength(1);
    const d = detections[0]!;
    expect(d).toMatchObject({
      rule_id: 'ndr.port_scan',
      dedupe_key: 'ndr.port_scan|10.0.0.66|10.0.1.20',
      severity: 'high',
      host: { ip: '10.0.0.66' },
      peer: '10.0.1.20',
      title: 'Port scan of 10.0.1.20',
      tactics: ['TA0007'],
      techniques: ['T1046'],
      first_seen: new Date(T0).toISOString(),
      facts: { distinct_ports: 100 },
    });
    expect(d.summary).toContain('10.0.0.66 reached 100 distinct ports or more of 10.0.1.20 within 5 minutes');
    expect(d.evidence).toHaveLength(20);
  });

  it('stays medium below five times the threshold, and says nothing below it or when the ports are spread over more than the window', () => {
    expect(runRule(portScanRule, [scan(0, undefined, undefined, 30)], params).detections[0]?.severity).toBe('medium');
    expect(runRule(portScanRule, [scan(0, undefined, undefined, 19)], params).detections).toEqual([]);
    const slow = scan(0).map((f, i) => ({ ...f, time: new Date(T0 + i * MIN).toISOString() }));
    expect(runRule(portScanRule, [slow], params).detections).toEqual([]);
  });

  it('leaves scans from the internet alone by default, and calls them reconnaissance when asked to judge them', () => {
    const inbound = scan(0, '203.0.113.9', '10.0.1.20');
    expect(runRule(portScanRule, [inbound], params).detections).toEqual([]);
    const [d] = runRule(portScanRule, [inbound], portScanRule.paramsSchema.parse({ sources: 'any' })).detections;
    expect(d).toMatchObject({ severity: 'low', host: { ip: '10.0.1.20' }, peer: '203.0.113.9', tactics: ['TA0043'], techniques: ['T1595'] });
  });

  it('says nothing of a day of ordinary traffic', () => {
    expect(runRule(portScanRule, [normalDay(1)], params).detections).toEqual([]);
  });

  it('honours an exempt scanner and a false positive on the pair', () => {
    expect(runRule(portScanRule, [scan(0)], portScanRule.paramsSchema.parse({ exempt_hosts: ['10.0.0.64/30'] })).detections).toEqual([]);
    const suppressed = portScanRule.paramsSchema.parse({
      suppressions: [{ rule_id: 'ndr.port_scan', host_ip: '10.0.0.66', peer: '10.0.1.20', created_at: new Date(T0).toISOString(), created_by: null }],
    });
    expect(runRule(portScanRule, [scan(0)], suppressed).detections).toEqual([]);
    expect(runRule(portScanRule, [scan(0, '10.0.0.66', '10.0.1.21')], suppressed).detections).toHaveLength(1);
  });

  it('finds the same detections in a batch whole or cut into pieces', () => {
    const evidence = [...normalDay(2).slice(0, 400), ...scan(200_000), ...scan(400_000, '10.0.0.67', '10.0.1.9', 40)].sort((a, b) =>
      a.time.localeCompare(b.time),
    );
    const whole = runRule(portScanRule, [evidence], params).detections;
    expect(whole).toHaveLength(2);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (cuts) => {
        expect(runRule(portScanRule, splitAt(evidence, cuts), params).detections).toEqual(whole);
      }),
      { numRuns: 30 },
    );
  });

  it('keeps its state bounded under a flood of sources and targets', () => {
    const rnd = seeded(7);
    const flood = Array.from({ length: 30_000 }, (_, i) =>
      flow(i * 10, {
        src_ip: `10.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}.${Math.floor(rnd() * 250)}`,
        dst_ip: `10.9.${i % 250}.${i % 199}`,
        dst_port: i % 1000,
      }),
    );
    const small = portScanRule.paramsSchema.parse({ max_pairs: 1000 });
    const { state } = runRule(portScanRule, [flood], small);
    expect(state!.data.size).toBeLessThanOrEqual(1000);
    expect(Object.keys(state!.data.items)).toHaveLength(state!.data.size);
  });
});
