import { useState } from 'react';
import { Badge, Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { RumAlert, RumSite } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { FormModal } from '@/components/dialogs/form-modal';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { useDeleteRumAlert, useRumAlerts, useSaveRumAlert } from '@/features/rum/api/rum-alerts';
import { AlertForm } from './alert-form';
import { formatVital } from './vital-format';

/** The site's alerts on a vital's p75: their state now and last value; editors add, change and delete them. */
export function AlertsPanel({ site, writer }: { site: RumSite; writer: boolean }) {
  const alerts = useRumAlerts();
  const save = useSaveRumAlert();
  const remove = useDeleteRumAlert();
  const [editing, setEditing] = useState<RumAlert | null | undefined>(undefined);
  const columns: DataTableColumn<RumAlert>[] = [
    { key: 'vital', header: 'Vital' },
    { key: 'threshold', header: 'Above', render: (a) => formatVital(a.vital, a.threshold) },
    { key: 'window_minutes', header: 'Window', render: (a) => `${a.window_minutes} min` },
    {
      key: 'state',
      header: 'State',
      render: (a) =>
        !a.enabled ? (
          <Badge variant="light" color="gray">
            Disabled
          </Badge>
        ) : (
          <Badge variant="light" color={a.state === 'alerting' ? 'red' : 'green'}>
            {a.state === 'alerting' ? 'Alerting' : 'OK'}
          </Badge>
        ),
    },
    { key: 'last_value', header: 'Last p75', render: (a) => formatVital(a.vital, a.last_value) },
  ];
  if (alerts.isError) return <ErrorPanel onRetry={() => void alerts.refetch()} />;
  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Alerts of {site.name}
        </Title>
        {writer && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Add alert
          </Button>
        )}
      </Group>
      <DataTable
        label="Alerts"
        columns={columns}
        rows={(alerts.data ?? []).filter((a) => a.site_id === site.id)}
        loading={alerts.isLoading}
        options={{ sort: true }}
        onEdit={writer ? setEditing : undefined}
        onDelete={
          writer
            ? (a) =>
                remove.mutate(a.id, {
                  onSuccess: () => toast.deleted('Alert'),
                  onError: (e) => toast.error(formErrorMessage(e)),
                })
            : undefined
        }
        emptyState={<EmptyState title="No alert yet" description="An alert tells the notification channels when a vital's p75 crosses its threshold." />}
      />
      <FormModal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        label={editing ? `Edit the ${editing.vital} alert` : 'Add alert'}
        size="md"
      >
        {editing !== undefined && (
          <AlertForm
            siteId={site.id}
            alert={editing}
            onCancel={() => setEditing(undefined)}
            onSave={async (input) => {
              await save.mutateAsync({ id: editing?.id, input });
              toast.success('Alert', editing ? 'edited' : 'added');
              setEditing(undefined);
            }}
          />
        )}
      </FormModal>
    </>
  );
}
