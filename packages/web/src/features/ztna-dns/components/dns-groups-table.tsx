import { useMemo, type ReactNode } from 'react';
import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import type { DnsGroup } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { EmptyState } from '@/components/empty-state';

export interface DnsGroupsTableProps {
  groups: readonly DnsGroup[];
  loading: boolean;
  writer: boolean;
  busy: boolean;
  nameOf: (id: string) => string;
  onMove: (g: DnsGroup, by: -1 | 1) => void;
  onEdit: (g: DnsGroup) => void;
  onDelete: (g: DnsGroup) => void;
  emptyAction?: ReactNode;
}

const list = (items: readonly string[], none: string) => <Text size="sm">{items.length ? items.join(', ') : none}</Text>;

/** The nameserver groups in order: what each answers for, with which nameservers, and for whom. */
export function DnsGroupsTable({ groups, loading, writer, busy, nameOf, onMove, onEdit, onDelete, emptyAction }: DnsGroupsTableProps) {
  const columns = useMemo<DataTableColumn<DnsGroup>[]>(
    () => [
      { key: 'order', header: 'Order', width: '4rem' },
      {
        key: 'name',
        header: 'Name',
        render: (g) => (
          <Text size="sm" fw={600}>
            {g.name}
          </Text>
        ),
      },
      { key: 'nameservers', header: 'Nameservers', render: (g) => list(g.nameservers, '—') },
      {
        key: 'match_domains',
        header: 'Match domains',
        render: (g) =>
          g.match_domains.length ? (
            list(g.match_domains, '')
          ) : (
            <Group gap={6}>
              <Text size="sm">All domains</Text>
              <Badge size="xs" variant="light">
                Primary
              </Badge>
            </Group>
          ),
      },
      { key: 'search_domains', header: 'Search domains', render: (g) => list(g.search_domains, 'None') },
      { key: 'who', header: 'Who gets it', render: (g) => list([...g.groups, ...g.security_groups].map(nameOf), 'Everyone') },
      {
        key: 'enabled',
        header: 'Enabled',
        render: (g) => (
          <Badge variant="light" color={g.enabled ? 'green' : 'gray'}>
            {g.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        ),
      },
      ...(writer
        ? [
            {
              key: 'actions',
              header: 'Actions',
              render: (g: DnsGroup) => {
                const i = groups.indexOf(g);
                return (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" color="gray" aria-label={`Move ${g.name} up`} disabled={busy || i === 0} onClick={() => onMove(g, -1)}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Move ${g.name} down`}
                      disabled={busy || i === groups.length - 1}
                      onClick={() => onMove(g, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={`Edit ${g.name}`} title="Edit" onClick={() => onEdit(g)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${g.name}`} title="Delete" onClick={() => onDelete(g)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                );
              },
            },
          ]
        : []),
    ],
    [groups, writer, busy, nameOf, onMove, onEdit, onDelete],
  );
  return (
    <DataTable
      label="Nameserver groups"
      columns={columns}
      rows={groups}
      loading={loading}
      // The order is the point: the table keeps it rather than sorting or paging.
      options={{ search: false, sort: false, paging: false, download: false }}
      emptyState={
        <EmptyState
          title="No nameserver groups yet"
          description="Clients use their own DNS, with the private names of published servers. Add a group to send some domains (or all) to your nameservers."
          action={emptyAction}
        />
      }
    />
  );
}
