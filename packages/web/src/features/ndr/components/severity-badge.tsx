import { Badge } from '@mantine/core';
import type { NdrSeverity, NdrTriageStatus } from '@netloom/domain';
import { SEVERITY_LOOK, STATUS_LOOK } from './ndr-labels';

/** A detection's or a host's severity, in its colour. */
export function SeverityBadge({ severity, size = 'sm' }: { severity: NdrSeverity; size?: 'sm' | 'md' | 'lg' }) {
  const look = SEVERITY_LOOK[severity];
  return (
    <Badge variant="light" color={look.color} size={size}>
      {look.label}
    </Badge>
  );
}

/** Where a detection is in its triage. */
export function StatusBadge({ status }: { status: NdrTriageStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge variant="outline" color={look.color} size="sm">
      {look.label}
    </Badge>
  );
}
