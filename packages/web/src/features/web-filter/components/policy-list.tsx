import { Table } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { DeviceRow, WebFilterPolicy } from '@netloom/domain';
import { appliesToText, categoriesText, type AppliesToNames } from './policy-summary-text';
import { syncCounts } from './policy-sync';
import { PolicyRow } from './policy-row';

export interface PolicyListProps {
  policies: WebFilterPolicy[];
  names: AppliesToNames & { categories: ReadonlyMap<string, string> };
  endpoints: readonly DeviceRow[];
  writer: boolean;
  busy: boolean;
  /** The whole new order, first first. */
  onReorder: (ids: string[]) => void;
  onToggle: (policy: WebFilterPolicy, enabled: boolean) => void;
  onEdit: (policy: WebFilterPolicy) => void;
  onDelete: (policy: WebFilterPolicy) => void;
}

/** The policies in evaluation order (the first that decides wins), reordered by drag or by the arrow buttons. */
export function PolicyList({ policies, names, endpoints, writer, busy, onReorder, onToggle, onEdit, onDelete }: PolicyListProps) {
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

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs" aria-label="Web filter policies" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Order</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Applies to</Table.Th>
              <Table.Th>Action</Table.Th>
              <Table.Th>Categories</Table.Th>
              <Table.Th>Devices</Table.Th>
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
                  appliesTo={appliesToText(p.applies_to, names)}
                  categories={categoriesText(p, names.categories)}
                  sync={syncCounts(endpoints, p)}
                  writer={writer}
                  busy={busy}
                  onMove={(by) => move(i, i + by)}
                  onToggle={(enabled) => onToggle(p, enabled)}
                  onEdit={() => onEdit(p)}
                  onDelete={() => onDelete(p)}
                />
              ))}
            </SortableContext>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </DndContext>
  );
}
