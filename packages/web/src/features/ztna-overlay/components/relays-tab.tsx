import { useState } from 'react';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RelayRegion } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { FormModal } from '@/components/dialogs/form-modal';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteRelay } from '@/features/ztna-overlay/api/delete-relay';
import { useRelays, type RelayRow } from '@/features/ztna-overlay/api/get-relays';
import { RelayEditor } from './relay-editor';
import { HealthBadge, REGION_LABELS } from './relay-labels';

/**
 * A row as the table shows it. The table reads a row's own `enabled` as its flag and locks the
 * buttons of a disabled row, yet a disabled relay is exactly one to edit back on: it goes by
 * another name here.
 */
type RelayView = Omit<RelayRow, 'enabled'> & { relay_enabled: boolean; relay: RelayRow };
const viewOf = ({ enabled, ...rest }: RelayRow): RelayView => ({ ...rest, relay_enabled: enabled, relay: { ...rest, enabled } });

const COLUMNS: DataTableColumn<RelayView>[] = [
  { key: 'name', header: 'Name' },
  { key: 'region', header: 'Region', render: (r) => REGION_LABELS[r.region as RelayRegion] ?? r.region },
  { key: 'address', header: 'Address' },
  { key: 'port', header: 'Port', rowAlign: 'right' },
  {
    key: 'relay_enabled',
    header: 'Enabled',
    render: (r) => (
      <Badge color={r.relay_enabled ? 'green' : 'gray'} variant="dot" tt="none">
        {r.relay_enabled ? 'Enabled' : 'Disabled'}
      </Badge>
    ),
  },
  { key: 'health', header: 'Health', render: (r) => <HealthBadge health={r.health} /> },
  { key: 'latency_ms', header: 'Latency', rowAlign: 'right', render: (r) => (r.latency_ms === null ? '—' : `${Math.round(r.latency_ms)} ms`) },
  { key: 'last_report_at', header: 'Last report', type: 'date' },
];

type Editing = { relay?: RelayRow } | null;

/** Overlay mesh servers: the relays clients and connectors meet through, with their health from the clients' measurements. */
export function RelaysTab({ writer, timezone }: { writer: boolean; timezone: string | null }) {
  const relays = useRelays();
  const remove = useDeleteRelay();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  const title = editing?.relay ? `Edit overlay mesh server: ${editing.relay.name}` : 'Add Overlay Mesh Server';

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed">
          Clients prefer an enabled relay of their own region; health is what the clients measured in the last minutes.
        </Text>
        {writer && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            Add Overlay Mesh Server
          </Button>
        )}
      </Group>
      {relays.isError ? (
        <ErrorPanel onRetry={() => void relays.refetch()} />
      ) : (
        <DataTable
          label="Overlay mesh servers"
          columns={COLUMNS}
          rows={(relays.data ?? []).map(viewOf)}
          getRowId={(r) => r.id}
          loading={relays.isLoading}
          timezone={timezone}
          options={{ search: true, sort: true, download: false, paging: true }}
          onEdit={writer ? (r) => setEditing({ relay: r.relay }) : undefined}
          onDelete={
            writer
              ? (r) => remove.mutate(r.id, { onSuccess: () => toast.deleted('Overlay mesh server'), onError: (e) => toast.error(formErrorMessage(e)) })
              : undefined
          }
          emptyState={
            <EmptyState title="No Overlay Mesh Servers yet" description="Add a relay for clients and connectors that cannot reach each other directly." />
          }
        />
      )}
      <FormModal opened={editing !== null} onClose={close} label={title} size="md">
        {editing && (
          <>
            <ModalHeader title={title} onClose={close} />
            <RelayEditor relay={editing.relay} onDone={close} />
          </>
        )}
      </FormModal>
    </Paper>
  );
}
