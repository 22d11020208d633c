import { describe, expect, it } from 'vitest';
import { ALARM_KINDS } from './kinds';
import { ALARM_SEVERITIES, alarmSeverity, meetsSeverity, minimumsPassedBy } from './severity';
import { effectiveAlarmSettings } from './thresholds';
import { DEFAULT_ALARM_SETTINGS } from './kinds';

describe('alarm severity', () => {
  it('rates a gateway out of reach critical, a WAN link or tunnel down major, poor quality minor', () => {
    expect(ALARM_KINDS.map((k) => `${k} ${alarmSeverity(k, 'Alerting')}`)).toEqual([
      'device critical',
      'wan major',
      'performance minor',
      'ipsec major',
      'dem minor',
    ]);
  });

  it('rates every recovery info', () => {
    for (const kind of ALARM_KINDS) expect(alarmSeverity(kind, 'OK')).toBe('info');
  });

  it('passes a minimum at or below it, never one above', () => {
    expect(meetsSeverity('major', 'minor')).toBe(true);
    expect(meetsSeverity('major', 'major')).toBe(true);
    expect(meetsSeverity('major', 'critical')).toBe(false);
    expect(meetsSeverity('info', 'minor')).toBe(false);
    for (const s of ALARM_SEVERITIES) expect(minimumsPassedBy(s).every((m) => meetsSeverity(s, m))).toBe(true);
    expect(minimumsPassedBy('major')).toEqual(['info', 'minor', 'major']);
  });
});

describe('thresholds of performance alarms', () => {
  const tenant = { latency_ms: 80, jitter_ms: 10, loss_pct: 1, hold_seconds: 30 };

  it("take the device's own settings first", () => {
    expect(effectiveAlarmSettings({ latency_ms: 300 }, tenant)).toMatchObject({ latency_ms: 300, jitter_ms: 30 });
  });

  it("take the tenant's default when the device has none", () => {
    expect(effectiveAlarmSettings(null, tenant)).toEqual(tenant);
  });

  it('take the built-in ones when neither has any, or what is stored no longer parses', () => {
    expect(effectiveAlarmSettings(null, null)).toEqual(DEFAULT_ALARM_SETTINGS);
    expect(effectiveAlarmSettings({ latency_ms: -1 }, { latency_ms: 'fast' })).toEqual(DEFAULT_ALARM_SETTINGS);
    expect(effectiveAlarmSettings({ latency_ms: -1 }, tenant)).toEqual(tenant);
  });
});
