import { Badge } from '@mantine/core';
import type { EnrolmentKeyState } from '@netloom/domain';

const LOOK: Record<EnrolmentKeyState, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  expired: { label: 'Expired', color: 'gray' },
  used_up: { label: 'Used up', color: 'gray' },
  revoked: { label: 'Revoked', color: 'red' },
};

/** Whether a key may enrol one more client now, and if not, why. */
export function KeyStateBadge({ state }: { state: EnrolmentKeyState }) {
  return (
    <Badge variant="light" color={LOOK[state].color}>
      {LOOK[state].label}
    </Badge>
  );
}
