import { describe, expect, it } from 'vitest';
import { dnsTunnelRule } from './dns-tunnel';
import { dns, runRule, seeded, T0 } from '../test-fixtures';
import { officeDns } from '../test-traffic';
import type { NdrDnsQuery } from '../evidence';

const params = dnsTunnelRule.defaults();

/** dnscat2-style: hex-encoded chunks in the labels, TXT questions, a few a second. */
function tunnel(count: number, { qtype = 'TXT', label = 40 } = {}): NdrDnsQuery[] {
  const rnd = seeded(11);
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rnd() * 16)]).join('');
  return Array.from({ length: count }, (_, i) => dns(i * 400, `${hex(label)}.${hex(20)}.t.exfil-cdn.net`, { client_ip: '10.0.0.19', qtype }));
}

describe('DNS tunnelling', () => {
  it('flags data encoded in names under one domain, with TXT questions', () => {
    const { detections } = runRule(dnsTunnelRule, [tunnel(200)], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.dns_tunnel',
      dedupe_key: 'ndr.dns_tunnel|10.0.0.19|exfil-cdn.net',
      severity: 'high',
      host: { ip: '10.0.0.19' },
      peer: 'exfil-cdn.net',
      title: 'DNS tunnelling through exfil-cdn.net',
      tactics: ['TA0011', 'TA0010'],
      techniques: ['T1071.004', 'T1572', 'T1048'],
      first_seen: new Date(T0).toISOString(),
      facts: { txt_pct: 100 },
    });
    expect(detections[0]!.summary).toMatch(/^10\.0\.0\.19 asked \d+ distinct names under exfil-cdn\.net within 10 minutes/);
  });

  it('needs two signs: random, long labels over A questions are enough; short random ones are not', () => {
    expect(runRule(dnsTunnelRule, [tunnel(200, { qtype: 'A' })], params).detections).toHaveLength(1);
    expect(
      runRule(dnsTunnelRule, [tunnel(200, { qtype: 'A', label: 6 }).map((q) => ({ ...q, name: q.name.replace(/\.[0-9a-f]{20}\./, '.') }))], params).detections,
    ).toEqual([]);
  });

  it('needs many distinct names within the window', () => {
    expect(runRule(dnsTunnelRule, [tunnel(39)], params).detections).toEqual([]);
    const slow = tunnel(200).map((q, i) => ({ ...q, time: new Date(T0 + i * 60_000).toISOString() }));
    expect(runRule(dnsTunnelRule, [slow], params).detections).toEqual([]);
  });

  it('says nothing of two days of office DNS: CDN hashes, blocklist lookups of the mail server, reverse lookups, DMARC', () => {
    expect(runRule(dnsTunnelRule, [officeDns({ days: 2 })], params).detections).toEqual([]);
  });
});
