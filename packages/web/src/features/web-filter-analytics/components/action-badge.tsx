import { Badge } from '@mantine/core';
import type { UrlAction } from '@netloom/domain';
import { ACTION_BADGE_COLORS } from './action-colors';

const LABELS: Record<UrlAction, string> = { allowed: 'Allowed', blocked: 'Blocked', logged: 'Logged' };

/**
 * What happened to a request. The text is not upper-cased by CSS, so what is read (and searched)
 * is what is shown; it keeps its whole width, a squeezed table column would otherwise cut it.
 */
export function ActionBadge({ action }: { action: UrlAction }) {
  return (
    <Badge color={ACTION_BADGE_COLORS[action]} variant="light" tt="none" miw="max-content">
      {LABELS[action]}
    </Badge>
  );
}
