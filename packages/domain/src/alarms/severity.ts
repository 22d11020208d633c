import type { AlarmKind, AlarmState } from './kinds';

/** How bad an alarm is, least first: a channel carries those at or above its minimum. */
export const ALARM_SEVERITIES = ['info', 'minor', 'major', 'critical'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Labels the console shows for each severity. */
export const ALARM_SEVERITY_LABELS: Record<AlarmSeverity, string> = { info: 'Info', minor: 'Minor', major: 'Major', critical: 'Critical' };

/**
 * A gateway out of reach takes its whole site down: critical. A WAN link or an IPsec tunnel down
 * cuts a path (the site may fail over to another): major. A link over its quality thresholds still
 * carries traffic: minor; so does an endpoint's poor experience of an application (it still works, slowly). Every recovery (OK) is news, not trouble: info.
 */
const ALERTING_SEVERITY: Record<AlarmKind, AlarmSeverity> = { device: 'critical', wan: 'major', ipsec: 'major', performance: 'minor', dem: 'minor' };

export function alarmSeverity(kind: AlarmKind, state: AlarmState): AlarmSeverity {
  return state === 'OK' ? 'info' : ALERTING_SEVERITY[kind];
}

/** Whether an alarm of `severity` passes a channel's minimum. */
export function meetsSeverity(severity: AlarmSeverity, minimum: AlarmSeverity): boolean {
  return ALARM_SEVERITIES.indexOf(severity) >= ALARM_SEVERITIES.indexOf(minimum);
}

/** The minimums an alarm of `severity` passes (a channel whose minimum is among them carries it). */
export function minimumsPassedBy(severity: AlarmSeverity): AlarmSeverity[] {
  return ALARM_SEVERITIES.filter((minimum) => meetsSeverity(severity, minimum));
}
