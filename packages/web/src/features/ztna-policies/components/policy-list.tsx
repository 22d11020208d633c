import { Table, Text } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ZtnaPolicy } from '@netloom/domain';
import { DefaultDenyRow } from './default-deny-row';
import type { PolicyNames } from './policy-summary-text';
import { PolicyRow } from './policy-row';

export interface PolicyListProps {
  policies: ZtnaPolicy[];
  names: PolicyNames;
  writer: boolean;
  busy: boolean;
  /** The whole new order, first first. */
  onReorder: (ids: string[]) => void;
  onToggle: (policy: ZtnaPolicy, enabled: boolean) => void;
  onEdit: (policy: ZtnaPolicy) => void;
  onDelete: (policy: ZtnaPolicy) => void;
}

/**
 * The policies in evaluation order (the first that matches decides), reordered by drag or by the
 * arrow buttons, and under them the default deny, which no reorder can move.
 */
export function PolicyList({ policies, names, writer, busy, onReorder, onToggle, onEdit, onDelete }: PolicyListProps) {
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
  const columns = writer ? 9 : 8;

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Table.ScrollContainer minWidth={1000}>
        <Table verticalSpacing="xs" aria-label="Access policies" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Order</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Sources</Table.Th>
              <Table.Th>Destinations</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Schedule</Table.Th>
              <Table.Th>Posture</Table.Th>
              <Table.Th>Enabled</Table.Th>
              {writer && <Table.Th />}
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
                  names={names}
                  writer={writer}
                  busy={busy}
                  onMove={(by) => move(i, i + by)}
                  onToggle={(enabled) => onToggle(p, enabled)}
                  onEdit={() => onEdit(p)}
                  onDelete={() => onDelete(p)}
                />
              ))}
            </SortableContext>
            {policies.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    {writer ? 'No policies yet: every connection is denied until a policy allows it.' : 'No policies yet: every connection is denied.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            <DefaultDenyRow position={policies.length + 1} writer={writer} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DndContext>
  );
}
