import { describe, expect, it } from 'vitest';
import { idsAlertRule } from './ids-alert';
import { idsAlert, MIN, runRule, T0 } from '../test-fixtures';

const params = idsAlertRule.defaults();

describe('IDS alerts', () => {
  it('promotes repeats of one signature between one pair into one detection, counted, high for severity 1', () => {
    const alerts = [0, 5, 10].map((m) => idsAlert(m * MIN));
    const { detections } = runRule(idsAlertRule, [alerts.slice(0, 2), alerts.slice(2)], params);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      rule_id: 'ndr.ids_alert',
      dedupe_key: 'ndr.ids_alert|2044101|10.0.0.10|198.51.100.23',
      severity: 'high',
      host: { ip: '10.0.0.10' },
      peer: '198.51.100.23',
      title: 'ET CNC Cobalt Strike beacon check-in',
      tactics: ['TA0011'],
      techniques: ['T1071'],
      first_seen: new Date(T0).toISOString(),
      last_seen: new Date(T0 + 10 * MIN).toISOString(),
      facts: { sid: 2044101, count: 3 },
    });
    expect(detections[0]!.summary).toContain('3 times so far');
  });

  it('maps Suricata severities 2 and 3 to medium and low, and names the internal end as the host of an attack from outside', () => {
    const sqli = idsAlert(0, {
      sid: 2044301,
      category: 'web-attack',
      severity: 2,
      src: '203.0.113.50',
      dst: '10.0.3.80',
      message: 'ET WEB_ATTACK SQL injection UNION SELECT in URI',
      action: 'dropped',
    });
    const scan = idsAlert(0, { sid: 2044401, category: 'scan', severity: 3, src: '203.0.113.50', dst: '10.0.3.80', message: 'ET SCAN Nmap SYN scan' });
    const { detections } = runRule(idsAlertRule, [[sqli, scan]], params);
    expect(detections.map((d) => [d.severity, d.host.ip, d.peer, d.tactics, d.techniques])).toEqual([
      ['medium', '10.0.3.80', '203.0.113.50', ['TA0001'], ['T1190']],
      ['low', '10.0.3.80', '203.0.113.50', ['TA0043'], ['T1595']],
    ]);
    expect(detections[0]!.summary).toContain('the packets were dropped');
  });

  it('leaves out severities past the one asked for', () => {
    const only1 = idsAlertRule.paramsSchema.parse({ max_ids_severity: 1 });
    expect(
      runRule(idsAlertRule, [[idsAlert(0, { severity: 3, category: 'policy', sid: 2044801, message: 'ET POLICY Tor relay traffic' })]], only1).detections,
    ).toEqual([]);
  });
});
