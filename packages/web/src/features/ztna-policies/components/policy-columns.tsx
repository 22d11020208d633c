import { Text } from '@mantine/core';
import type { ZtnaPolicy } from '@netloom/domain';
import type { DefaultPolicy, PolicyColumn } from '@/components/policies/types';
import { AccessActionBadge } from './access-action-badge';
import { destinationsText, postureText, scheduleText, sourcesText, type PolicyNames } from './policy-summary-text';

/** What the list says of an access policy: whom it is for, what it reaches, its action, when, and what it asks of the endpoint. */
export function accessColumns(names: PolicyNames): PolicyColumn<ZtnaPolicy>[] {
  return [
    { header: 'Sources', cell: (p) => <Text size="sm">{sourcesText(p.sources, names)}</Text> },
    { header: 'Destinations', cell: (p) => <Text size="sm">{destinationsText(p.destinations, names)}</Text> },
    { header: 'Action', cell: (p) => <AccessActionBadge action={p.action} /> },
    { header: 'Schedule', cell: (p) => <Text size="sm">{scheduleText(p.schedule)}</Text> },
    { header: 'Posture', cell: (p) => <Text size="sm">{p.action === 'allow' ? postureText(p.posture) : '—'}</Text> },
  ];
}

/** The last word of every evaluation: what no policy allows is denied. */
export const DEFAULT_DENY: DefaultPolicy = {
  name: 'Default — Deny',
  description: 'What no policy above allows',
  cells: [
    <Text key="sources" size="sm">
      Everyone
    </Text>,
    <Text key="destinations" size="sm">
      Every server
    </Text>,
    <AccessActionBadge key="action" action="deny" />,
    <Text key="schedule" size="sm">
      Always
    </Text>,
    <Text key="posture" size="sm">
      —
    </Text>,
  ],
};
