import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DATE_FORMATS, REPORT_KIND_LABELS, formatDate, type ReportScheduleRow } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useCreateSchedule, useDeleteSchedule, useReportSchedules, useUpdateSchedule } from '../api/report-schedules';
import { FORMAT_LABELS } from './report-choices';
import { CADENCE_LABELS, ScheduleForm } from './schedule-form';

const ITEM = 'Schedule';
// `enabled` on a row would lock the table's Edit and Delete; the column reads it under another name.
type Row = Omit<ReportScheduleRow, 'enabled'> & { on: boolean };

function columnsFor(timezone: string | null): DataTableColumn<Row>[] {
  const when = (v: string | null) => (v ? formatDate(v, { timezone, format: DATE_FORMATS.lastSeen }) : 'Never');
  return [
    { key: 'name', header: 'Name' },
    { key: 'kind', header: 'Report', render: (s) => REPORT_KIND_LABELS[s.kind] },
    { key: 'format', header: 'Format', render: (s) => FORMAT_LABELS[s.format] },
    { key: 'cadence', header: 'Cadence', render: (s) => CADENCE_LABELS[s.cadence] },
    { key: 'recipients', header: 'Recipients', render: (s) => s.recipients.join(', ') },
    {
      key: 'on',
      header: 'State',
      render: (s) => (
        <Badge variant="light" color={s.on ? 'green' : 'gray'}>
          {s.on ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    { key: 'next_run_at', header: 'Next run', render: (s) => (s.on ? when(s.next_run_at) : '—') },
    { key: 'last_run_at', header: 'Last run', render: (s) => when(s.last_run_at) },
  ];
}

/** Schedules: reports made daily, weekly or monthly and e-mailed to their recipients. */
export function SchedulesTab({ product, timezone }: { product: 'sdwan' | 'ztna'; timezone: string | null }) {
  const list = useReportSchedules();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<ReportScheduleRow | 'new' | null>(null);
  const close = () => setEditing(null);
  const schedules = (list.data ?? []).filter((s) => s.product === product);
  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add schedule
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="sm">
        {addButton}
      </Group>
      <Paper withBorder p="md">
        {list.isError ? (
          <ErrorPanel onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            label="Report schedules"
            columns={columnsFor(timezone)}
            rows={schedules.map(({ enabled, ...s }) => ({ ...s, on: enabled }))}
            loading={list.isLoading}
            options={{ search: true, sort: true }}
            onEdit={(row) => setEditing(schedules.find((s) => s.id === row.id) ?? null)}
            onDelete={(row) =>
              void remove.mutateAsync(row.id).then(
                () => toast.deleted(ITEM),
                () => toast.error(),
              )
            }
            emptyState={
              <EmptyState title="No schedules yet" description="Have a report made every day, week or month and sent by e-mail." action={addButton} />
            }
          />
        )}
      </Paper>
      <Modal opened={editing !== null} onClose={close} withCloseButton={false} centered size="lg">
        <ModalHeader title={editing === 'new' ? 'Add schedule' : 'Edit schedule'} onClose={close} />
        {editing !== null && (
          <ScheduleForm
            schedule={editing === 'new' ? undefined : editing}
            product={product}
            onCancel={close}
            onSubmit={async (body) => {
              if (editing === 'new') {
                await create.mutateAsync(body);
                toast.success(ITEM);
              } else {
                await update.mutateAsync({ id: editing.id, body });
                toast.edited(ITEM);
              }
              close();
            }}
          />
        )}
      </Modal>
    </>
  );
}
