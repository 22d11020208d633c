import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { canWriteConfig, statusLabel, type User } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { NamedModal } from '@/components/dialogs/named-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useConnectors, type ConnectorRow } from '@/features/ztna-onboarding/api/get-connectors';
import { useZtnaServers } from '@/features/ztna-onboarding/api/get-ztna-servers';
import { useRemoveConnector } from '@/features/ztna-onboarding/api/remove-connector';
import { ConnectorForm } from './connector-form';
import { HealthBadge } from './health-badge';
import { sitesOf } from './ports-text';

const ONLINE = new Set(['running', 'online', 'connected']);
const statusColour = (s: string) => (ONLINE.has(s) ? 'green' : s === 'registered' ? 'gray' : 'red');

/** Onboarding › App connectors: the gateways that publish each site's servers, with their health as they report it (every 10 s). */
export function ConnectorsTab({ user }: { user: User }) {
  const writer = canWriteConfig(user);
  const connectors = useConnectors();
  const servers = useZtnaServers();
  const remove = useRemoveConnector();
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => (connectors.data ?? []).map((c) => ({ ...c, id: c.device_id })), [connectors.data]);
  const sites = useMemo(() => sitesOf(servers.data ?? [], connectors.data ?? []), [servers.data, connectors.data]);

  const onRemove = useCallback(
    async (c: ConnectorRow) => {
      if (
        !(await confirm({
          title: `Remove app connector '${c.name}'?`,
          message: `It stops publishing the servers of ${c.site}; the gateway stays.`,
          danger: true,
        }))
      )
        return;
      remove.mutate(c.device_id, { onSuccess: () => toast.deleted('App connector'), onError: (e) => toast.error(formErrorMessage(e)) });
    },
    [remove],
  );
  const columns = useMemo<DataTableColumn<ConnectorRow & { id: string }>[]>(
    () => [
      {
        key: 'name',
        header: 'Gateway',
        render: (c) => (
          <Text size="sm" fw={600}>
            {c.name}
          </Text>
        ),
      },
      { key: 'site', header: 'Site' },
      {
        key: 'device_status',
        header: 'Status',
        render: (c) => (
          <Badge variant="dot" color={statusColour(c.device_status)}>
            {statusLabel(c.device_status)}
          </Badge>
        ),
      },
      { key: 'health', header: 'Health', render: (c) => <HealthBadge health={c.health} /> },
      {
        key: 'servers_reachable',
        header: 'Servers reachable',
        render: (c) => <Text size="sm">{c.servers_reachable === null ? `? / ${c.servers_total}` : `${c.servers_reachable} / ${c.servers_total}`}</Text>,
      },
      { key: 'active_sessions', header: 'Active sessions' },
      { key: 'health_at', header: 'Last report', type: 'date' },
      ...(writer
        ? [
            {
              key: 'actions',
              header: 'Actions',
              sortable: false,
              render: (c: ConnectorRow) => (
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${c.name}`} title="Remove" onClick={() => void onRemove(c)}>
                  <IconTrash size={16} />
                </ActionIcon>
              ),
            },
          ]
        : []),
    ],
    [writer, onRemove],
  );
  const close = () => setAdding(false);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          Gateways that publish the servers of their site to the clients allowed to reach them.
        </Text>
        {writer && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add app connector
          </Button>
        )}
      </Group>
      {connectors.isError ? (
        <ErrorPanel onRetry={() => void connectors.refetch()} />
      ) : (
        <DataTable
          label="App connectors"
          columns={columns}
          rows={rows}
          loading={connectors.isLoading}
          timezone={user.timezone}
          options={{ search: true, sort: true, paging: true, download: false }}
          emptyState={<EmptyState title="No app connectors yet" description="Make a gateway of a site an app connector to publish that site's servers." />}
        />
      )}
      <NamedModal opened={adding} onClose={close} centered name="Add app connector">
        {adding && (
          <>
            <ModalHeader title="Add app connector" onClose={close} />
            <ConnectorForm taken={rows.map((r) => r.id)} sites={sites} onDone={close} />
          </>
        )}
      </NamedModal>
    </Paper>
  );
}
