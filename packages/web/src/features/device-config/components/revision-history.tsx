import { Modal } from '@mantine/core';
import type { ConfigRevisionSummary } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useRevisions, useRollback } from '@/features/device-config/api/device-config';

type Row = ConfigRevisionSummary & { actionButtonName?: string; disableActionButton?: boolean };

const columns: DataTableColumn<Row>[] = [
  { key: 'number', header: 'Revision' },
  { key: 'created_at', header: 'Saved', type: 'date' },
  { key: 'author_email', header: 'By' },
  { key: 'source', header: 'Source' },
  { key: 'message', header: 'Message' },
];

export interface RevisionHistoryProps {
  deviceId: string;
  opened: boolean;
  onClose: () => void;
  /** Editors and up roll back; viewers read. */
  writer: boolean;
  timezone: string | null;
}

/** Every saved configuration of the device, newest first; rolling back makes an old one the newest. */
export function RevisionHistory({ deviceId, opened, onClose, writer, timezone }: RevisionHistoryProps) {
  const revisions = useRevisions(deviceId, opened);
  const rollback = useRollback(deviceId);
  const rows: Row[] = (revisions.data?.results ?? []).map((r, i) => ({
    ...r,
    ...(writer ? { actionButtonName: 'Rollback', disableActionButton: i === 0 } : {}),
  }));
  return (
    <Modal opened={opened} onClose={onClose} withCloseButton={false} size="xl" centered>
      <ModalHeader title="Configuration history" onClose={onClose} />
      {revisions.isError ? (
        <ErrorPanel onRetry={() => void revisions.refetch()} />
      ) : (
        <DataTable
          label="Revisions"
          columns={columns}
          rows={rows}
          loading={revisions.isLoading}
          timezone={timezone}
          options={{ paging: true }}
          onRowAction={async (row) => {
            if (
              !(await confirm({
                title: `Roll back to revision ${row.number}?`,
                message: 'Its configuration becomes a new revision and is pushed to the device.',
              }))
            )
              return;
            await rollback.mutateAsync(row.id).then(
              () => toast.info(`Rolled back to revision ${row.number}`),
              () => toast.error(),
            );
          }}
        />
      )}
    </Modal>
  );
}
