import { Badge } from '@mantine/core';
import type { AlarmState } from '@netloom/domain';

/** Alerting in red, OK in green: the legend's colours, also in the tables and the bell. */
export const ALARM_COLOURS: Record<AlarmState, string> = { Alerting: 'red', OK: 'green' };

export function AlarmStateBadge({ state }: { state: AlarmState }) {
  return (
    <Badge variant="light" color={ALARM_COLOURS[state]} radius="sm">
      {state}
    </Badge>
  );
}
