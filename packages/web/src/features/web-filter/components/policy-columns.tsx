import { Badge, Text } from '@mantine/core';
import type { DeviceRow, WebFilterAction, WebFilterPolicy } from '@netloom/domain';
import type { PolicyColumn } from '@/components/policies/types';
import { appliesToText, categoriesText, type AppliesToNames } from './policy-summary-text';
import { syncCounts } from './policy-sync';
import { SyncText } from './sync-text';

const ACTION_LOOK: Record<WebFilterAction, { label: string; color: string }> = {
  block: { label: 'Block', color: 'red' },
  allow: { label: 'Allow', color: 'green' },
  log: { label: 'Log only', color: 'yellow' },
};

/** What the list says of a web-filter policy: whom it applies to, its action, its categories and how far its endpoints have it. */
export function webFilterColumns(
  names: AppliesToNames & { categories: ReadonlyMap<string, string> },
  endpoints: readonly DeviceRow[],
): PolicyColumn<WebFilterPolicy>[] {
  return [
    { header: 'Applies to', cell: (p) => <Text size="sm">{appliesToText(p.applies_to, names)}</Text> },
    {
      header: 'Action',
      cell: (p) => (
        <Badge color={ACTION_LOOK[p.action].color} variant="light">
          {ACTION_LOOK[p.action].label}
        </Badge>
      ),
    },
    {
      header: 'Categories',
      cell: (p) => (
        <Text size="sm" lineClamp={2}>
          {categoriesText(p, names.categories)}
        </Text>
      ),
    },
    { header: 'Devices', cell: (p) => <SyncText sync={syncCounts(endpoints, p)} /> },
  ];
}

/** Under a scheduled policy's name: that it holds only in its windows, and in which time zone. */
export function scheduleNote(p: WebFilterPolicy) {
  return (
    p.schedule && (
      <Text size="xs" c="dimmed">
        Scheduled ({p.schedule.time_zone})
      </Text>
    )
  );
}
