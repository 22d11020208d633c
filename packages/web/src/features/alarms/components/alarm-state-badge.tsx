import { Badge } from '@mantine/core';
import { ALARM_SEVERITY_LABELS, type AlarmSeverity, type AlarmState } from '@netloom/domain';

/** Alerting in red, OK in green: the legend's colours, also in the tables and the bell. */
const ALARM_COLOURS: Record<AlarmState, string> = { Alerting: 'red', OK: 'green' };
/** Hotter the worse it is; a recovery (info) stays quiet. */
const SEVERITY_COLOURS: Record<AlarmSeverity, string> = { critical: 'red', major: 'orange', minor: 'yellow', info: 'gray' };

export function AlarmStateBadge({ state }: { state: AlarmState }) {
  return (
    <Badge variant="light" color={ALARM_COLOURS[state]} radius="sm">
      {state}
    </Badge>
  );
}

export function AlarmSeverityBadge({ severity }: { severity: AlarmSeverity }) {
  return (
    <Badge variant="outline" color={SEVERITY_COLOURS[severity]} radius="sm">
      {ALARM_SEVERITY_LABELS[severity]}
    </Badge>
  );
}
