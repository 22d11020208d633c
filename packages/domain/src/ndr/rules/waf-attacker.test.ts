import { describe, expect, it } from 'vitest';
import { wafAttackerRule } from './waf-attacker';
import { flow, HOUR, MIN, runRule, T0, wafAttack } from '../test-fixtures';

const params = wafAttackerRule.defaults();
const attacks = [0, 1, 2].map((m) => wafAttack(m * MIN));

describe('WAF attacker inside', () => {
  it('flags an address that attacked an application and then got an answer from an internal host', () => {
    const ssh = flow(30 * MIN, { src_ip: '203.0.113.50', dst_ip: '10.0.3.80', dst_port: 22 });
    const { detections } = runRule(wafAttackerRule, [attacks, [ssh]], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.waf_attacker',
      dedupe_key: 'ndr.waf_attacker|10.0.3.80|203.0.113.50',
      severity: 'high',
      host: { ip: '10.0.3.80' },
      peer: '203.0.113.50',
      title: 'WAF attacker 203.0.113.50 reached 10.0.3.80',
      tactics: ['TA0001'],
      techniques: ['T1190'],
      first_seen: new Date(T0 + 30 * MIN).toISOString(),
      facts: { attacks: 3, waf_rule: 942100, direction: 'inbound' },
    });
  });

  it('flags an internal host reaching out to the attacker as command and control', () => {
    const [d] = runRule(
      wafAttackerRule,
      [[...attacks, flow(5 * MIN, { src_ip: '10.0.0.40', dst_ip: '203.0.113.50', dst_port: 8080, user: 'ana' })]],
      params,
    ).detections;
    expect(d).toMatchObject({
      host: { ip: '10.0.0.40' },
      user: 'ana',
      tactics: ['TA0011'],
      techniques: ['T1071'],
      title: '10.0.0.40 reached WAF attacker 203.0.113.50',
    });
  });

  it('ignores unanswered probes, minor WAF events, and an attacker forgotten after a day', () => {
    const probe = flow(5 * MIN, { src_ip: '203.0.113.50', dst_ip: '10.0.3.80', dst_port: 22, packets_in: 0, bytes_in: 0 });
    expect(runRule(wafAttackerRule, [[...attacks, probe]], params).detections).toEqual([]);
    const notice = [wafAttack(0, { severity: 5 }), flow(5 * MIN, { src_ip: '203.0.113.50', dst_ip: '10.0.3.80' })];
    expect(runRule(wafAttackerRule, [notice], params).detections).toEqual([]);
    const late = flow(25 * HOUR, { src_ip: '203.0.113.50', dst_ip: '10.0.3.80' });
    expect(runRule(wafAttackerRule, [attacks, [late]], params).detections).toEqual([]);
  });
});
