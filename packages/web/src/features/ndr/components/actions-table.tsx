import { Anchor, Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { NdrAction } from '@netloom/domain';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { confirm } from '@/components/dialogs/confirm';
import { EmptyState } from '@/components/empty-state';
import { toast } from '@/components/feedback/toast';
import { formErrorMessage } from '@/lib/forms';
import { paths } from '@/paths';
import { useUndoNdrAction } from '@/features/ndr/api/take-ndr-action';

const METHOD: Record<NdrAction['method'], string> = { nac: 'NAC', firewall: 'Firewall rules', dns: 'DNS' };

/** 'Quarantine of 10.0.0.12' or 'Block of evil.example (domain)'. */
export const actionText = (a: Pick<NdrAction, 'kind' | 'target' | 'target_type'>) =>
  a.kind === 'quarantine_host'
    ? `Quarantine of ${a.target}`
    : `Block of ${a.target}${a.target_type === 'ip' ? '' : ` (${a.target_type === 'cidr' ? 'network' : 'domain'})`}`;

function UndoButton({ action, writer }: { action: NdrAction; writer: boolean }) {
  const undo = useUndoNdrAction();
  if (!action.active) return <Badge variant="light" color="gray">{`Undone${action.undone_by ? ` by ${action.undone_by}` : ''}`}</Badge>;
  if (!writer)
    return (
      <Badge variant="light" color="red">
        In force
      </Badge>
    );
  const run = async () => {
    const ok = await confirm({
      title: `Undo the ${action.kind === 'quarantine_host' ? 'quarantine' : 'block'}?`,
      message: `${actionText(action)} is taken back out of ${action.device_name ?? 'the gateway'}'s configuration.`,
      confirmLabel: 'Undo',
      cancelLabel: 'Cancel',
      danger: true,
    });
    if (!ok) return;
    undo.mutate(action.id, { onSuccess: () => toast.info(`${actionText(action)} undone`), onError: (e) => toast.error(formErrorMessage(e)) });
  };
  return (
    <Button size="compact-xs" variant="light" color="red" loading={undo.isPending} onClick={() => void run()} aria-label={`Undo ${actionText(action)}`}>
      Undo
    </Button>
  );
}

interface ActionsTableProps {
  actions: readonly NdrAction[];
  loading: boolean;
  timezone: string | null;
  writer: boolean;
  /** The actions page links each to its detection; a detection's own list does not. */
  withDetection?: boolean;
  /** A line instead of the empty panel, where the table is one section of a page. */
  emptyText?: string;
}

/** Response actions, the latest first: what was done, where, by whom, and whether it is still in force (with Undo). */
export function ActionsTable({ actions, loading, timezone, writer, withDetection = false, emptyText }: ActionsTableProps) {
  const columns: DataTableColumn<NdrAction>[] = [
    { key: 'created_at', header: 'Taken', type: 'date' },
    { key: 'target', header: 'Action', render: actionText },
    { key: 'device_name', header: 'Gateway', render: (a) => a.device_name ?? '—' },
    { key: 'method', header: 'By', render: (a) => METHOD[a.method] },
    { key: 'created_by', header: 'Taken by', render: (a) => a.created_by ?? '—' },
    { key: 'note', header: 'Note', render: (a) => a.note || '—' },
    ...(withDetection
      ? [
          {
            key: 'detection_id',
            header: 'Detection',
            render: (a: NdrAction) =>
              a.detection_id ? (
                <Anchor component={Link} to={paths.ndr.detection(a.detection_id)} size="sm">
                  Open
                </Anchor>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { key: 'active', header: 'State', render: (a) => <UndoButton action={a} writer={writer} /> },
  ];
  return (
    <DataTable
      label="Response actions"
      columns={columns}
      rows={actions}
      loading={loading}
      timezone={timezone}
      options={{ sort: false, search: false, download: false, paging: false }}
      emptyState={
        emptyText ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          <EmptyState title="No response action" description="Quarantine a host or block a destination from a detection." />
        )
      }
    />
  );
}
