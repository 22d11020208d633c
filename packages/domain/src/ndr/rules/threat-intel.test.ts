import { describe, expect, it } from 'vitest';
import { threatIntelRule } from './threat-intel';
import { dns, flow, MIN, runRule, T0 } from '../test-fixtures';
import { officeDns, officeFlows, WEB_SERVER } from '../test-traffic';

const lists = [
  { id: 'feodo', name: 'Feodo Tracker', cidrs: ['185.220.101.0/24', '91.92.109.44'], domains: ['bad-updates.example'] },
  { id: 'mine', name: 'Our blocklist', cidrs: ['185.220.101.7'], domains: ['evil.test'] },
];
const params = threatIntelRule.paramsSchema.parse({ lists });

describe('threat-intel match', () => {
  it('flags a workstation connecting to a listed network, once per indicator within ten minutes', () => {
    const calls = [0, 1, 2, 30].map((m) => flow(m * MIN, { src_ip: '10.0.0.15', dst_ip: '185.220.101.9', dst_port: 443, user: 'ana@example.com' }));
    const { detections } = runRule(threatIntelRule, [calls], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.threat_intel',
      dedupe_key: 'ndr.threat_intel|10.0.0.15|185.220.101.0/24',
      severity: 'high',
      host: { ip: '10.0.0.15' },
      peer: '185.220.101.0/24',
      user: 'ana@example.com',
      title: 'Connection to 185.220.101.9, listed on Feodo Tracker',
      tactics: ['TA0011'],
      techniques: ['T1071'],
      first_seen: new Date(T0).toISOString(),
      last_seen: new Date(T0 + 30 * MIN).toISOString(),
    });
    // Emitted again after ten minutes, not for every connection in between.
    expect(detections[0]!.evidence.map((e) => e.time)).toEqual([new Date(T0).toISOString(), new Date(T0 + 30 * MIN).toISOString()]);
  });

  it('names the most specific entry that holds the address', () => {
    const [d] = runRule(threatIntelRule, [[flow(0, { dst_ip: '185.220.101.7' })]], params).detections;
    expect(d).toMatchObject({ peer: '185.220.101.7', facts: { list: 'Our blocklist' } });
  });

  it('flags DNS questions for a listed domain or a name under it, and answers that are listed addresses', () => {
    const { detections } = runRule(
      threatIntelRule,
      [[dns(0, 'cdn.Bad-Updates.example.'), dns(MIN, 'innocent.example.org', { answers: ['91.92.109.44'] }), dns(2 * MIN, 'notevil.test')]],
      params,
    );
    expect(detections.map((d) => [d.peer, d.techniques, d.severity])).toEqual([
      ['bad-updates.example', ['T1071.004'], 'high'],
      ['91.92.109.44', ['T1071.004'], 'high'],
    ]);
    expect(detections[1]!.title).toBe('DNS question for innocent.example.org, answered with 91.92.109.44, listed on Feodo Tracker');
  });

  it('counts connections in from a listed address only when the host answered them, and as reconnaissance', () => {
    const probe = flow(0, { src_ip: '91.92.109.44', dst_ip: WEB_SERVER, dst_port: 443, bytes_in: 0, packets_in: 0 });
    const answered = flow(MIN, { src_ip: '91.92.109.44', dst_ip: WEB_SERVER, dst_port: 443 });
    expect(runRule(threatIntelRule, [[probe]], params).detections).toEqual([]);
    const [d] = runRule(threatIntelRule, [[probe, answered]], params).detections;
    expect(d).toMatchObject({ host: { ip: WEB_SERVER }, severity: 'medium', tactics: ['TA0043'], techniques: ['T1595'] });
    expect(runRule(threatIntelRule, [[answered]], threatIntelRule.paramsSchema.parse({ lists, inbound: 'none' })).detections).toEqual([]);
  });

  it('says nothing without lists, nor of a day of office flows and DNS that touch no listed address', () => {
    const day = [...officeFlows({ days: 1, browsing: 4 }), ...officeDns({ days: 1 })].sort((a, b) => (a.time < b.time ? -1 : 1));
    expect(runRule(threatIntelRule, [day], params).detections).toEqual([]);
    expect(runRule(threatIntelRule, [[flow(0, { dst_ip: '185.220.101.7' })]], threatIntelRule.defaults()).detections).toEqual([]);
  });

  it('refuses a list entry that is no address, network or domain', () => {
    expect(threatIntelRule.paramsSchema.safeParse({ lists: [{ id: 'x', name: 'x', cidrs: ['300.1.1.1'] }] }).success).toBe(false);
    expect(threatIntelRule.paramsSchema.safeParse({ lists: [{ id: 'x', name: 'x', domains: ['not a domain'] }] }).success).toBe(false);
  });
});
