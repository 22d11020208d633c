import { Badge } from '@mantine/core';
import type { TeamUser } from '@netloom/domain';

const LOOK = {
  active: { color: 'green', label: 'Active' },
  inactive: { color: 'gray', label: 'Inactive' },
  pending: { color: 'yellow', label: 'Invited' },
} as const;

export function UserStatusBadge({ status }: { status: TeamUser['status'] }) {
  return (
    <Badge variant="dot" color={LOOK[status].color}>
      {LOOK[status].label}
    </Badge>
  );
}
