import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NDR_RULE_LIST } from './registry';
import { ndrDetectionSchema } from './detection';
import { dns, flow, idsAlert, MIN, runRule, seeded, splitAt, wafAttack } from './test-fixtures';
import { officeDns, officeFlows } from './test-traffic';
import type { NdrEvidence } from './evidence';
import type { NdrRule } from './rule';

const byTime = (a: NdrEvidence, b: NdrEvidence) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0);
const intel = [{ id: 'feed', name: 'Feed', cidrs: ['185.220.101.0/24'], domains: ['evil.test'] }];
/** Each rule's defaults, with a threat-intel list for the rule that reads one. */
const paramsOf = (rule: NdrRule, over: Record<string, unknown> = {}) =>
  rule.paramsSchema.parse(rule.id === 'ndr.threat_intel' ? { lists: intel, ...over } : over);

/** Something for most rules in one hour: a port scan, a sweep, a beacon, a tunnel, a DGA burst, a listed address, IDS alerts. */
function attacks(): NdrEvidence[] {
  const rnd = seeded(4);
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join('');
  const letters = (n: number) => Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rnd() * 26)]).join('');
  return [
    ...Array.from({ length: 60 }, (_, i) => flow(i * 700, { src_ip: '10.0.0.66', dst_ip: '10.0.1.20', dst_port: 20 + i, bytes_in: 0, packets_in: 0 })),
    ...Array.from({ length: 40 }, (_, i) => flow(5 * MIN + i * 900, { src_ip: '10.0.0.23', dst_ip: `10.0.5.${i + 1}`, dst_port: 445 })),
    ...Array.from({ length: 14 }, (_, i) =>
      flow(i * 5 * MIN + Math.floor(rnd() * 20_000), { src_ip: '10.0.0.31', src_port: 50000 + i, dst_ip: '45.9.148.3', dst_port: 4444, bytes_out: 400 }),
    ),
    ...Array.from({ length: 80 }, (_, i) => dns(i * 2000, `${hex(40)}.t.exfil-cdn.net`, { client_ip: '10.0.0.19', qtype: 'TXT' })),
    ...Array.from({ length: 30 }, (_, i) => dns(i * 4000, `${letters(14)}.com`, { client_ip: '10.0.0.21', rcode: 'NXDOMAIN' })),
    flow(7 * MIN, { src_ip: '10.0.0.15', dst_ip: '185.220.101.7' }),
    dns(8 * MIN, 'c2.evil.test', { client_ip: '10.0.0.16' }),
    ...[1, 2, 3].map((m) => idsAlert(m * MIN)),
    wafAttack(9 * MIN),
    flow(10 * MIN, { src_ip: '203.0.113.50', dst_ip: '10.0.3.80', dst_port: 22 }),
  ].sort(byTime);
}

describe('every NDR rule', () => {
  it('explains itself in plain words that follow its parameters, and has a unique id', () => {
    expect(new Set(NDR_RULE_LIST.map((r) => r.id)).size).toBe(NDR_RULE_LIST.length);
    for (const rule of NDR_RULE_LIST) {
      const text = rule.explain(paramsOf(rule));
      expect(text.length, rule.id).toBeGreaterThan(80);
      expect(text, rule.id).not.toMatch(/undefined|NaN|\[object/);
    }
    const portScan = NDR_RULE_LIST.find((r) => r.id === 'ndr.port_scan')!;
    expect(portScan.explain(portScan.paramsSchema.parse({ min_ports: 50, window_min: 2 }))).toContain('50 or more distinct ports of one peer within 2 minutes');
  });

  it('says nothing of two days of an office’s flows and DNS', () => {
    const days = [...officeFlows({ days: 2, browsing: 4 }), ...officeDns({ days: 2 })].sort(byTime);
    for (const rule of NDR_RULE_LIST) expect(runRule(rule, [days], paramsOf(rule)).detections, rule.id).toEqual([]);
  });

  it('emits detections the shared schema accepts, and the same ones for a batch whole or cut into pieces', () => {
    const evidence = attacks();
    const found = new Set<string>();
    for (const rule of NDR_RULE_LIST) {
      const params = paramsOf(rule);
      const whole = runRule(rule, [evidence], params).detections;
      for (const d of whole) expect(ndrDetectionSchema.safeParse(d).success, rule.id).toBe(true);
      whole.forEach((d) => found.add(d.rule_id));
      fc.assert(
        fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }), (cuts) => {
          expect(runRule(rule, splitAt(evidence, cuts), params).detections).toEqual(whole);
        }),
        { numRuns: 8 },
      );
    }
    expect([...found].sort()).toEqual([
      'ndr.beaconing',
      'ndr.dga',
      'ndr.dns_tunnel',
      'ndr.host_scan',
      'ndr.ids_alert',
      'ndr.port_scan',
      'ndr.threat_intel',
      'ndr.waf_attacker',
    ]);
  });

  it('keeps its state bounded by its cap under a flood of random hosts, names and alerts', () => {
    const rnd = seeded(8);
    const ip = () => `${rnd() < 0.5 ? 10 : 40 + Math.floor(rnd() * 150)}.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}`;
    const flood: NdrEvidence[] = [];
    for (let i = 0; i < 4000; i++) {
      const t = i * 500;
      flood.push(
        flow(t, { src_ip: ip(), dst_ip: ip(), src_port: Math.floor(rnd() * 65536), dst_port: Math.floor(rnd() * 65536), bytes_out: Math.floor(rnd() * 1e9) }),
      );
      if (i % 2) flood.push(dns(t, `${Math.floor(rnd() * 1e9).toString(36)}.${Math.floor(rnd() * 1e6).toString(36)}.com`, { client_ip: ip() }));
      if (i % 8 === 0) flood.push(idsAlert(t, { src: ip(), dst: ip(), sid: 1 + Math.floor(rnd() * 1e6) }));
      if (i % 3 === 0) flood.push(wafAttack(t, { client_ip: ip() }));
    }
    for (const rule of NDR_RULE_LIST) {
      const caps = Object.fromEntries(
        Object.keys(rule.defaults() as object)
          .filter((k) => /^max_(pairs|sweeps|channels|hosts|conversations|clients|keys|attackers)$/.test(k))
          .map((k) => [k, 100]),
      );
      expect(Object.keys(caps), rule.id).toHaveLength(1);
      const { state } = runRule(rule, [flood.slice(0, 3000), flood.slice(3000)], paramsOf(rule, caps));
      const data = state!.data as { size?: number; hosts?: { size: number } };
      expect(data.size ?? data.hosts!.size, rule.id).toBeLessThanOrEqual(100);
      expect(JSON.stringify(state).length, rule.id).toBeLessThan(150_000);
    }
  });
});
