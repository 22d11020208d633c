import { describe, expect, it } from 'vitest';
import { ndrHostRisk, ndrRiskLevel, ndrRiskParamsSchema, type NdrRiskInput } from './risk';
import { GATEWAY, HOUR, T0 } from './test-fixtures';

const OTHER_SITE = '0b8c6f43-7d3e-4b8a-b3a2-2f1d5e9c7a10';
const d = (ip: string, severity: NdrRiskInput['severity'], hoursAgo: number, over: Partial<NdrRiskInput> = {}): NdrRiskInput => ({
  host: { ip, device_id: GATEWAY },
  severity,
  confidence: 1,
  last_seen: new Date(T0 - hoursAgo * HOUR).toISOString(),
  tactics: ['TA0011'],
  ...over,
});

describe('host risk', () => {
  it('adds points by severity and confidence, and ranks hosts by them', () => {
    const ranked = ndrHostRisk(
      [d('10.0.0.1', 'medium', 0), d('10.0.0.2', 'high', 0), d('10.0.0.2', 'low', 0), d('10.0.0.3', 'high', 0, { confidence: 0.5 })],
      T0,
    );
    expect(ranked.map((h) => [h.ip, h.score, h.detections, h.worst])).toEqual([
      ['10.0.0.2', 40, 2, 'high'],
      ['10.0.0.3', 18, 1, 'high'],
      ['10.0.0.1', 15, 1, 'medium'],
    ]);
  });

  it('halves a detection’s points every half-life after it was last seen, and forgets what is left of nothing', () => {
    expect(ndrHostRisk([d('10.0.0.1', 'critical', 24)], T0)[0]!.score).toBe(30);
    expect(ndrHostRisk([d('10.0.0.1', 'critical', 48)], T0)[0]!.score).toBe(15);
    expect(ndrHostRisk([d('10.0.0.1', 'critical', 24)], T0, ndrRiskParamsSchema.parse({ half_life_hours: 12 }))[0]!.score).toBe(15);
    expect(ndrHostRisk([d('10.0.0.1', 'low', 24 * 7)], T0)).toEqual([]);
  });

  it('caps at 100, leaves out what triage closed, and tells one address at two sites apart', () => {
    const many = Array.from({ length: 10 }, () => d('10.0.0.1', 'critical', 0));
    expect(ndrHostRisk(many, T0)[0]!.score).toBe(100);
    expect(ndrHostRisk([d('10.0.0.1', 'high', 0, { status: 'false_positive' }), d('10.0.0.1', 'high', 0, { status: 'resolved' })], T0)).toEqual([]);
    const twoSites = ndrHostRisk([d('10.0.0.1', 'high', 0), d('10.0.0.1', 'high', 0, { host: { ip: '10.0.0.1', device_id: OTHER_SITE } })], T0);
    expect(twoSites.map((h) => [h.device_id, h.score])).toEqual([
      [GATEWAY, 35],
      [OTHER_SITE, 35],
    ]);
  });

  it('names levels for the console', () => {
    expect([0, 19, 20, 49, 50, 79, 80, 100].map(ndrRiskLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high', 'critical', 'critical']);
  });
});
