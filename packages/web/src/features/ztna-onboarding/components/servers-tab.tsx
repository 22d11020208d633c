import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { canWriteConfig, type User, type ZtnaServer } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteZtnaServer } from '@/features/ztna-onboarding/api/delete-ztna-server';
import { useConnectors } from '@/features/ztna-onboarding/api/get-connectors';
import { useZtnaServers } from '@/features/ztna-onboarding/api/get-ztna-servers';
import { portsText, sitesOf } from './ports-text';
import { ServerForm } from './server-form';

type Editing = { server?: ZtnaServer } | null;

/** Onboarding › Servers: the private applications, where they live and what they answer on. */
export function ServersTab({ user }: { user: User }) {
  const writer = canWriteConfig(user);
  const servers = useZtnaServers();
  const connectors = useConnectors();
  const remove = useDeleteZtnaServer();
  const [editing, setEditing] = useState<Editing>(null);
  const sites = useMemo(() => sitesOf(servers.data ?? [], connectors.data ?? []), [servers.data, connectors.data]);
  const connectorsBySite = useMemo(() => {
    const m = new Map<string, number>();
    for (const c of connectors.data ?? []) m.set(c.site, (m.get(c.site) ?? 0) + 1);
    return m;
  }, [connectors.data]);

  const onDelete = useCallback(
    async (s: ZtnaServer) => {
      if (!(await confirm({ title: `Delete server '${s.name}'?`, message: 'Clients can no longer reach it through the app connectors.', danger: true })))
        return;
      remove.mutate(s.id, { onSuccess: () => toast.deleted('Server'), onError: (e) => toast.error(formErrorMessage(e)) });
    },
    [remove],
  );
  const columns = useMemo<DataTableColumn<ZtnaServer>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        render: (s) => (
          <Text size="sm" fw={600}>
            {s.name}
          </Text>
        ),
      },
      { key: 'address', header: 'Address', type: 'ip' },
      { key: 'private_name', header: 'Private name' },
      { key: 'ports', header: 'Ports', render: (s) => <Text size="sm">{portsText(s.ports)}</Text> },
      { key: 'site', header: 'Site' },
      {
        key: 'connectors',
        header: 'App connectors',
        render: (s) => {
          const n = connectorsBySite.get(s.site) ?? 0;
          return n ? (
            <Text size="sm">{n}</Text>
          ) : (
            <Badge variant="light" color="orange">
              None in this site
            </Badge>
          );
        },
      },
      {
        key: 'enabled',
        header: 'Enabled',
        render: (s) => (
          <Badge variant="light" color={s.enabled ? 'green' : 'gray'}>
            {s.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        ),
      },
      ...(writer
        ? [
            {
              key: 'actions',
              header: 'Actions',
              sortable: false,
              render: (s: ZtnaServer) => (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${s.name}`} title="Edit" onClick={() => setEditing({ server: s })}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${s.name}`} title="Delete" onClick={() => void onDelete(s)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ),
            },
          ]
        : []),
    ],
    [writer, connectorsBySite, onDelete],
  );
  const close = () => setEditing(null);
  const addButton = writer && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
      Add server
    </Button>
  );

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          Private applications clients reach through the app connectors of their site.
        </Text>
        {addButton}
      </Group>
      {servers.isError ? (
        <ErrorPanel onRetry={() => void servers.refetch()} />
      ) : (
        <DataTable
          label="Servers"
          columns={columns}
          rows={servers.data ?? []}
          loading={servers.isLoading}
          options={{ search: true, sort: true, paging: true, download: false }}
          emptyState={<EmptyState title="No servers yet" description="Publish a private application: its address, ports and the site it lives in." />}
        />
      )}
      <NamedModal opened={editing !== null} onClose={close} size="lg" centered name={editing?.server ? 'Edit server' : 'Add server'}>
        {editing && (
          <>
            <ModalHeader title={editing.server ? `Edit server: ${editing.server.name}` : 'Add server'} onClose={close} />
            <ServerForm server={editing.server} sites={sites} onDone={close} />
          </>
        )}
      </NamedModal>
    </Paper>
  );
}
