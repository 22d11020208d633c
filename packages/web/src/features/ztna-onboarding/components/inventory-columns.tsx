import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '@netloom/domain';
import type { DataTableColumn } from '@/components/data-table/types';
import type { InventoryRow } from '@/features/ztna-onboarding/api/get-inventory';
import { PostureSummary, postureText } from './posture-summary';
import { PostureFacts } from './posture-facts';
import { ConfigSyncBadge } from '@/components/config-sync-badge';

/** The columns both inventory tabs share: who, which system and client, and how it stands. */
export function inventoryColumns(groupName: (id: string) => string): DataTableColumn<InventoryRow>[] {
  return [
    {
      key: 'name',
      header: 'Endpoint',
      render: (r) => (
        <Text size="sm" fw={600}>
          {r.name}
        </Text>
      ),
    },
    { key: 'user', header: 'User' },
    { key: 'os_label', header: 'OS' },
    { key: 'client_version', header: 'Client' },
    { key: 'posture', header: 'Posture', sortable: false, render: (r) => <PostureSummary posture={r.posture} /> },
    { key: 'profile', header: 'Profile' },
    {
      key: 'security_groups',
      header: 'Security groups',
      sortable: false,
      render: (r) =>
        r.security_groups.length ? (
          <Group gap={4}>
            {r.security_groups.map((g) => (
              <Badge key={g} variant="light" color="gray" tt="none">
                {groupName(g)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    { key: 'config_sync', header: 'Configuration', render: (r) => <ConfigSyncBadge state={r.config_sync} /> },
    { key: 'last_seen', header: 'Last seen', type: 'date' },
  ];
}

/**
 * The columns of clients not (or no longer) enrolled: who, which system and client, what they
 * reported of themselves, the groups approving them gives. No profile or sync: nothing is pushed to them.
 */
export function pendingColumns(groupName: (id: string) => string): DataTableColumn<InventoryRow>[] {
  return inventoryColumns(groupName)
    .filter((c) => c.key !== 'profile' && c.key !== 'config_sync')
    .map((c) => (c.key === 'posture' ? { ...c, render: (r: InventoryRow) => <PostureFacts posture={r.posture} /> } : c));
}

/** The CSV of the enrolled inventory: the table's columns in words. */
export const INVENTORY_CSV = {
  titles: ['Endpoint', 'User', 'OS', 'Client', 'Posture', 'Profile', 'Security groups', 'Configuration', 'Last seen', 'Public IP'],
  keys: ['name', 'user', 'os', 'client', 'posture', 'profile', 'security_groups', 'sync', 'last_seen', 'public_ip'],
};
export const inventoryCsvRow = (r: InventoryRow, groupName: (id: string) => string, timezone: string | null) => ({
  name: r.name,
  user: r.user ?? '',
  os: r.os_label ?? '',
  client: r.client_version ?? '',
  posture: postureText(r.posture),
  profile: r.profile,
  security_groups: r.security_groups.map(groupName).join(', '),
  sync: r.config_sync,
  last_seen: formatDate(r.last_seen, { timezone }),
  public_ip: r.public_ip ?? '',
});
