import { useState } from 'react';
import { Group, Modal, Select, Stack, Title } from '@mantine/core';
import type { ConfigRevisionSummary } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { ModalHeader } from '@/components/dialogs/modal-header';
import { ErrorPanel } from '@/components/error-panel';
import { toast } from '@/components/feedback/toast';
import { useRevision, useRevisions, useRollback } from '@/features/device-config/api/device-config';
import { ConfigDiff } from '@/components/config-diff/config-diff';

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
  const list = revisions.data?.results ?? [];
  const [picked, setPicked] = useState<{ a: string | null; b: string | null }>({ a: null, b: null });
  // Unless chosen otherwise, the newest revision is compared with the one before it.
  const a = picked.a ?? list[1]?.id ?? null;
  const b = picked.b ?? list[0]?.id ?? null;
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
        <Stack gap="lg">
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
          {list.length > 1 && (
            <RevisionCompare
              deviceId={deviceId}
              options={list.map((r) => ({ value: r.id, label: `Revision ${r.number}` }))}
              a={a}
              b={b}
              onPick={(side, id) => setPicked((p) => ({ ...p, [side]: id }))}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}

interface RevisionCompareProps {
  deviceId: string;
  options: { value: string; label: string }[];
  a: string | null;
  b: string | null;
  onPick: (side: 'a' | 'b', id: string | null) => void;
}

/** Any two revisions side by side. */
function RevisionCompare({ deviceId, options, a, b, onPick }: RevisionCompareProps) {
  const left = useRevision(deviceId, a);
  const right = useRevision(deviceId, b);
  const label = (id: string | null) => options.find((o) => o.value === id)?.label ?? '';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={4}>Compare</Title>
        <Group gap="sm">
          <Select aria-label="Older revision" data={options} value={a} onChange={(id) => onPick('a', id)} w={160} />
          <Select aria-label="Newer revision" data={options} value={b} onChange={(id) => onPick('b', id)} w={160} />
        </Group>
      </Group>
      {left.data && right.data && <ConfigDiff before={left.data.document} after={right.data.document} beforeLabel={label(a)} afterLabel={label(b)} />}
    </Stack>
  );
}
