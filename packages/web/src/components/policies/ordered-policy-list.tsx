import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { DefaultPolicyRow } from './default-policy-row';
import { PolicyRow } from './policy-row';
import type { DefaultPolicy, OrderedPolicy, PolicyColumn } from './types';
import { ActionsHeader } from '@/components/data-table/actions-header';

export interface OrderedPolicyListProps<P extends OrderedPolicy> {
  /** The table's accessible name ('Access policies'). */
  label: string;
  policies: readonly P[];
  /** What each row says between its name and its enable switch. */
  columns: readonly PolicyColumn<P>[];
  /** More lines under a policy's name (a schedule). */
  details?: (policy: P) => ReactNode;
  /** The explicit last word, shown after the policies; none when the page shows its default elsewhere. */
  defaultPolicy?: DefaultPolicy;
  /** Said in a row of its own while there is no policy (the default policy still follows). */
  emptyText?: string;
  minWidth?: number;
  writer: boolean;
  /** A reorder or another write is running: the order controls wait for it. */
  busy: boolean;
  /** The whole new order, first first. */
  onReorder: (ids: string[]) => void;
  /** Absent for items that are always on (a WAF exclusion): the list has no Enabled column. */
  onToggle?: (policy: P, enabled: boolean) => void;
  onEdit: (policy: P) => void;
  onDelete: (policy: P) => void;
}

/**
 * Policies in evaluation order (the first that decides wins), reordered by drag or by the arrow
 * buttons, each with its enable switch, edit and delete; the default policy, if any, stays last.
 */
export function OrderedPolicyList<P extends OrderedPolicy>({
  label,
  policies,
  columns,
  details,
  defaultPolicy,
  emptyText,
  minWidth = 900,
  writer,
  busy,
  onReorder,
  onToggle,
  onEdit,
  onDelete,
}: OrderedPolicyListProps<P>) {
  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = policies.map((p) => p.id);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= ids.length) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  // Order, name, the columns, enabled, and the writer's actions.
  const columnCount = columns.length + (writer ? 3 : 2) + (onToggle ? 1 : 0);

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" aria-label={label} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Order</Table.Th>
              <Table.Th>Name</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
              {onToggle && <Table.Th>Enabled</Table.Th>}
              {writer && <ActionsHeader />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              {policies.map((p, i) => (
                <PolicyRow
                  key={p.id}
                  policy={p}
                  position={i + 1}
                  count={policies.length}
                  columns={columns}
                  details={details}
                  writer={writer}
                  busy={busy}
                  onMove={(by) => move(i, i + by)}
                  onToggle={onToggle && ((enabled) => onToggle(p, enabled))}
                  onEdit={() => onEdit(p)}
                  onDelete={() => onDelete(p)}
                />
              ))}
            </SortableContext>
            {policies.length === 0 && emptyText && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {defaultPolicy && <DefaultPolicyRow policy={defaultPolicy} position={policies.length + 1} writer={writer} />}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DndContext>
  );
}
