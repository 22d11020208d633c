import { useMemo } from 'react';
import { ActionIcon, Button, Code, Group, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDate } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';
import type { EnrolmentKeyRow } from '@/features/ztna-onboarding/api/get-enrolment-keys';
import { KeyStateBadge } from './key-state-badge';

export interface EnrolmentKeysTableProps {
  keys: readonly EnrolmentKeyRow[];
  loading: boolean;
  timezone: string | null;
  groupName: (id: string) => string;
  /** Owners and admins: revoke and delete. */
  manager: boolean;
  onRevoke: (k: EnrolmentKeyRow) => void;
  onDelete: (k: EnrolmentKeyRow) => void;
}

/** How many clients a key has enrolled, of how many it may. */
const usesText = (k: EnrolmentKeyRow) => `${k.uses} / ${k.reusable ? (k.usage_limit ?? '∞') : 1}`;

/** The enrolment keys: only their prefix, what they allow, and whether they still work. */
export function EnrolmentKeysTable({ keys, loading, timezone, groupName, manager, onRevoke, onDelete }: EnrolmentKeysTableProps) {
  const columns = useMemo<DataTableColumn<EnrolmentKeyRow>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        render: (k) => (
          <Text size="sm" fw={600}>
            {k.name}
          </Text>
        ),
      },
      { key: 'prefix', header: 'Key', render: (k) => <Code>{k.prefix}…</Code> },
      { key: 'reusable', header: 'Type', render: (k) => <Text size="sm">{k.reusable ? 'Reusable' : 'Single-use'}</Text> },
      { key: 'uses', header: 'Uses', render: (k) => <Text size="sm">{usesText(k)}</Text> },
      { key: 'expires_at', header: 'Expires', render: (k) => <Text size="sm">{k.expires_at ? formatDate(k.expires_at, { timezone }) : 'Never'}</Text> },
      { key: 'state', header: 'State', render: (k) => <KeyStateBadge state={k.state} /> },
      {
        key: 'security_groups',
        header: 'Security groups',
        render: (k) => <Text size="sm">{k.security_groups.map(groupName).join(', ') || 'None'}</Text>,
      },
      ...(manager
        ? [
            {
              key: 'actions',
              header: 'Actions',
              sortable: false,
              render: (k: EnrolmentKeyRow) => (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="orange"
                    disabled={k.state !== 'active'}
                    aria-label={`Revoke ${k.name}`}
                    onClick={() => onRevoke(k)}
                  >
                    Revoke
                  </Button>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${k.name}`} title="Delete" onClick={() => onDelete(k)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ),
            },
          ]
        : []),
    ],
    [timezone, groupName, manager, onRevoke, onDelete],
  );
  return (
    <DataTable
      label="Enrolment keys"
      columns={columns}
      rows={keys}
      loading={loading}
      options={{ search: true, sort: true, paging: true, download: false }}
      emptyState={
        <EmptyState title="No enrolment keys yet" description="A key lets a client enrol without an invite: single-use for one device, reusable for a fleet." />
      }
    />
  );
}
