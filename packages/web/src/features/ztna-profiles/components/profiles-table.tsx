import { useMemo, type ReactNode } from 'react';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { EndpointProfile } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { profileSummary } from './profile-summary';

export interface ProfilesTableProps {
  label: string;
  profiles: readonly EndpointProfile[];
  relayNames: ReadonlyMap<string, string>;
  loading: boolean;
  writer: boolean;
  emptyState: ReactNode;
  onEdit: (p: EndpointProfile) => void;
  onDelete: (p: EndpointProfile) => void;
}

/** A kind's profiles: what each connects to, its DNS and routes, what it offers and to whom. */
export function ProfilesTable({ label, profiles, relayNames, loading, writer, emptyState, onEdit, onDelete }: ProfilesTableProps) {
  const columns = useMemo<DataTableColumn<EndpointProfile>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        render: (p) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {p.name}
            </Text>
            {p.is_default && (
              <Badge size="xs" variant="light">
                Default
              </Badge>
            )}
          </Group>
        ),
      },
      { key: 'relays', header: 'Overlay servers', render: (p) => <Text size="sm">{profileSummary.relays(p, relayNames)}</Text> },
      { key: 'dns', header: 'DNS', render: (p) => <Text size="sm">{profileSummary.dns(p)}</Text> },
      { key: 'split_tunnel', header: 'Split tunnel', render: (p) => <Text size="sm">{profileSummary.split(p)}</Text> },
      { key: 'resources', header: 'Resources', render: (p) => <Text size="sm">{profileSummary.resources(p)}</Text> },
      {
        key: 'auto_connect',
        header: 'Auto-connect',
        render: (p) => (
          <Badge variant="light" color={p.auto_connect ? 'green' : 'gray'}>
            {p.auto_connect ? 'On' : 'Off'}
          </Badge>
        ),
      },
      { key: 'assigned', header: 'Assigned to', render: (p) => <Text size="sm">{profileSummary.assigned(p)}</Text> },
      ...(writer
        ? [
            {
              key: 'actions',
              header: 'Actions',
              sortable: false,
              render: (p: EndpointProfile) => (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} title="Edit" onClick={() => onEdit(p)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <Tooltip label={p.is_default ? 'The default profile cannot be deleted' : 'Delete'}>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} disabled={p.is_default} onClick={() => onDelete(p)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            },
          ]
        : []),
    ],
    [relayNames, writer, onEdit, onDelete],
  );
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={profiles}
      loading={loading}
      options={{ search: true, sort: true, paging: true, download: false }}
      emptyState={emptyState}
    />
  );
}
