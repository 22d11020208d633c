import { describe, expect, it } from 'vitest';
import { dgaRule } from './dga';
import { dns, MIN, runRule, seeded, T0 } from '../test-fixtures';
import { officeDns } from '../test-traffic';
import type { NdrDnsQuery } from '../evidence';

const params = dgaRule.defaults();

/** A DGA's burst: 40 names of 10–16 random letters under a few TLDs, most of them unregistered. */
function burst(count = 40, registered = 0.1): NdrDnsQuery[] {
  const rnd = seeded(5);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: count }, (_, i) => {
    const label = Array.from({ length: 10 + Math.floor(rnd() * 7) }, () => letters[Math.floor(rnd() * 26)]).join('');
    return dns(i * 3000, `${label}.${['com', 'net', 'org', 'info'][i % 4]}`, { client_ip: '10.0.0.21', rcode: rnd() < registered ? 'NOERROR' : 'NXDOMAIN' });
  });
}

describe('generated domain names', () => {
  it('flags a burst of machine-made names that mostly do not exist, as high', () => {
    const { detections } = runRule(dgaRule, [burst()], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.dga',
      dedupe_key: 'ndr.dga|10.0.0.21',
      severity: 'high',
      host: { ip: '10.0.0.21' },
      peer: null,
      title: 'Machine-generated domain names asked by 10.0.0.21',
      tactics: ['TA0011'],
      techniques: ['T1568.002'],
      first_seen: new Date(T0).toISOString(),
    });
    expect(detections[0]!.confidence).toBeGreaterThan(0.8);
    expect(detections[0]!.facts.nxdomain_pct).toBeGreaterThan(80);
    expect(detections[0]!.peers.length).toBeGreaterThan(8);
  });

  it('is less sure, and medium, when the names resolve', () => {
    const [d] = runRule(dgaRule, [burst(40, 1)], params).detections;
    expect(d).toMatchObject({ severity: 'medium', facts: { nxdomain_pct: 0 } });
    expect(d!.confidence).toBeLessThan(0.6);
  });

  it('needs enough of them within the window', () => {
    expect(runRule(dgaRule, [burst(5)], params).detections).toEqual([]);
    const slow = burst().map((q, i) => ({ ...q, time: new Date(T0 + i * 5 * MIN).toISOString() }));
    expect(runRule(dgaRule, [slow], params).detections).toEqual([]);
  });

  it('says nothing of two days of office DNS, typos that do not exist included', () => {
    expect(runRule(dgaRule, [officeDns({ days: 2 })], params).detections).toEqual([]);
  });
});
