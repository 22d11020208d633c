import { Badge } from '@mantine/core';
import type { WafAction } from '@netloom/domain';

export const ACTION_LOOK: Record<WafAction, { label: string; color: string }> = {
  blocked: { label: 'Blocked', color: 'red' },
  detected: { label: 'Detected', color: 'yellow' },
  rate_limited: { label: 'Rate-limited', color: 'orange' },
  denied: { label: 'Denied', color: 'grape' },
  challenged: { label: 'Challenged', color: 'cyan' },
};

export function ActionBadge({ action }: { action: WafAction }) {
  return (
    <Badge variant="light" color={ACTION_LOOK[action].color}>
      {ACTION_LOOK[action].label}
    </Badge>
  );
}
