import { Tooltip } from '@mantine/core';
import { STATUS_LOOKS, type StatusKind } from './status-kinds';

interface StatusIconProps {
  kind: StatusKind;
  /** Replaces the default tooltip ('Accept', 'Deny', 'Reject', or the kind's name). */
  tooltip?: string;
  size?: number;
}

/** One icon of the status icon set; the tooltip text doubles as its accessible name. */
export function StatusIcon({ kind, tooltip, size = 18 }: StatusIconProps) {
  const look = STATUS_LOOKS[kind];
  const label = tooltip ?? look.label;
  const Icon = look.icon;
  return (
    <Tooltip label={label} withArrow openDelay={150}>
      <span role="img" aria-label={label} data-status-kind={kind} style={{ display: 'inline-flex', lineHeight: 0 }}>
        <Icon size={size} stroke={1.8} color={`var(--mantine-color-${look.color}-6)`} aria-hidden />
      </span>
    </Tooltip>
  );
}
