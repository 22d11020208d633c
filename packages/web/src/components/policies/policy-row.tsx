import type { ReactNode } from 'react';
import { ActionIcon, Group, Switch, Table, Text, Tooltip } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { PolicyNameCell } from './policy-name-cell';
import type { OrderedPolicy, PolicyColumn } from './types';

export interface PolicyRowProps<P extends OrderedPolicy> {
  policy: P;
  position: number;
  count: number;
  columns: readonly PolicyColumn<P>[];
  /** More lines under the name (a schedule). */
  details?: (policy: P) => ReactNode;
  writer: boolean;
  /** A reorder or another write is running: the order buttons wait for it. */
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  /** Absent for items that are always on (a WAF exclusion): no Enabled cell. */
  onToggle?: (enabled: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One policy of the ordered list: drag it by the handle or move it with the arrows (the keyboard way). */
export function PolicyRow<P extends OrderedPolicy>({
  policy,
  position,
  count,
  columns,
  details,
  writer,
  busy,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: PolicyRowProps<P>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: policy.id,
    disabled: !writer || busy,
  });
  const style = {
    // Rows only move up and down.
    transform: CSS.Translate.toString(transform && { ...transform, x: 0 }),
    transition,
    opacity: isDragging ? 0.6 : undefined,
    position: 'relative' as const,
    zIndex: isDragging ? 1 : undefined,
  };
  return (
    <Table.Tr ref={setNodeRef} style={style} aria-label={policy.name}>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {writer && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={`Drag ${policy.name}`}
              style={{ cursor: 'grab' }}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          )}
          <Text size="sm" fw={600} w={20} ta="right">
            {position}
          </Text>
        </Group>
      </Table.Td>
      <PolicyNameCell name={policy.name} description={policy.description}>
        {details?.(policy)}
      </PolicyNameCell>
      {columns.map((c) => (
        <Table.Td key={c.header}>{c.cell(policy)}</Table.Td>
      ))}
      {onToggle && (
        <Table.Td>
          <Switch
            aria-label={`Enable ${policy.name}`}
            checked={policy.enabled}
            disabled={!writer || busy}
            onChange={(e) => onToggle(e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {writer && (
        <Table.Td>
          <Group gap={2} wrap="nowrap" justify="flex-end">
            <Tooltip label="Move up">
              <ActionIcon variant="subtle" aria-label={`Move ${policy.name} up`} disabled={busy || position === 1} onClick={() => onMove(-1)}>
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon variant="subtle" aria-label={`Move ${policy.name} down`} disabled={busy || position === count} onClick={() => onMove(1)}>
                <IconArrowDown size={16} />
              </ActionIcon>
            </Tooltip>
            <ActionIcon variant="subtle" aria-label={`Edit ${policy.name}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${policy.name}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
