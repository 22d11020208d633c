import { ActionIcon, Button, Group, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TableRowFlags } from './types';

export interface RowActionHandlers<T> {
  onToggle?: (row: T, enabled: boolean) => void;
  onView?: (row: T) => void;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  onRowAction?: (row: T) => void;
}

export const hasRowActions = <T,>(h: RowActionHandlers<T>): boolean => Boolean(h.onToggle || h.onView || h.onEdit || h.onDelete || h.onRowAction);

const DELETE_CONFIRM = {
  title: 'Delete',
  question: 'Are you sure you want to delete this item?',
  confirm: 'Yes',
  cancel: 'No',
} as const;

function confirmDelete(onConfirm: () => void) {
  modals.openConfirmModal({
    title: <Text fw={600}>{DELETE_CONFIRM.title}</Text>,
    centered: true,
    children: <Text size="sm">{DELETE_CONFIRM.question}</Text>,
    labels: { confirm: DELETE_CONFIRM.confirm, cancel: DELETE_CONFIRM.cancel },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/**
 * A row's buttons: each appears only when the host handles it. Read-only, disabled and
 * action-less rows keep them visible but disabled, so the columns line up. The toggle stays
 * usable on a disabled row, since turning it back on is its whole point.
 */
export function RowActions<T extends object>({ row, handlers }: { row: T; handlers: RowActionHandlers<T> }) {
  const flags = row as TableRowFlags;
  const locked = Boolean(flags.readOnly || flags.disableActions);
  const disabled = locked || flags.enabled === false;
  const { onToggle, onView, onEdit, onDelete, onRowAction } = handlers;
  return (
    <Group gap={4} wrap="nowrap">
      {onToggle && (
        <Switch size="xs" aria-label="Toggle" checked={flags.enabled !== false} disabled={locked} onChange={(e) => onToggle(row, e.currentTarget.checked)} />
      )}
      {onView && (
        <ActionIcon variant="subtle" color="gray" aria-label="View" title="View" disabled={disabled} onClick={() => onView(row)}>
          <IconEye size={16} />
        </ActionIcon>
      )}
      {onEdit && (
        <ActionIcon variant="subtle" aria-label="Edit" title="Edit" disabled={disabled} onClick={() => onEdit(row)}>
          <IconPencil size={16} />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon variant="subtle" color="red" aria-label="Delete" title="Delete" disabled={disabled} onClick={() => confirmDelete(() => onDelete(row))}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
      {onRowAction && flags.actionButtonName && (
        <Button size="compact-xs" variant="light" disabled={disabled || flags.disableActionButton} onClick={() => onRowAction(row)}>
          {flags.actionButtonName}
        </Button>
      )}
    </Group>
  );
}
