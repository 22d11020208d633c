import { Badge, Text } from '@mantine/core';
import { UNKNOWN_STATE } from '@netloom/domain';

/**
 * A state a device reported, as a tenant-wide table shows it: `shown` is the domain's verdict
 * (unknown once the device is not reachable); the reported state stays readable on hover, so an
 * admin sees what the device last said without the page vouching for it.
 */
export function ReportedState({ shown, reported, color }: { shown: string; reported: string; color?: string }) {
  const stale = shown === UNKNOWN_STATE;
  const title = stale ? `Last reported ${reported}; the device is not reachable now` : undefined;
  if (!color) {
    return (
      <Text span size="sm" c={stale ? 'dimmed' : undefined} title={title}>
        {shown}
      </Text>
    );
  }
  return (
    <Badge variant="light" color={stale ? 'gray' : color} title={title}>
      {shown}
    </Badge>
  );
}
