import { Badge } from '@mantine/core';
import type { DemCause } from '@netloom/domain';
import { CAUSE_COLOR, CAUSE_LABEL } from './dem-labels';

/** What degrades a user's experience: DNS, Wi-Fi, the ZTNA relay, the application… */
export function CauseBadge({ cause }: { cause: DemCause }) {
  return (
    <Badge variant="light" color={CAUSE_COLOR[cause]}>
      {CAUSE_LABEL[cause]}
    </Badge>
  );
}
