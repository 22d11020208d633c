import { memo } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, type Header, type RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './table-features';
import type { DataTableColumn } from './types';

interface TableHeadProps<T extends RowData> {
  headers: Header<DataTableFeatures, T, unknown>[];
  columnsById: Map<string, DataTableColumn<T>>;
  selectionHeader?: string;
  withActions: boolean;
  /**
   * The sort shown ("key:desc"): the headers read it from the table's live state, so the memo
   * below needs it as a prop to see it change.
   */
  sortState: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (sorted === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
}

function TableHeadBody<T extends RowData>({ headers, columnsById, selectionHeader, withActions }: TableHeadProps<T>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {selectionHeader !== undefined && <Table.Th w={90}>{selectionHeader}</Table.Th>}
        {headers.map((header) => {
          const column = columnsById.get(header.column.id);
          const sorted = header.column.getIsSorted();
          const label = flexRender(header.column.columnDef.header, header.getContext());
          const align = column?.headAlign ?? 'left';
          return (
            <Table.Th key={header.id} w={column?.width} ta={align} aria-sort={header.column.getCanSort() ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}>
              {header.column.getCanSort() ? (
                <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={600} fz="sm">
                  <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : align === 'center' ? 'center' : 'flex-start'}>
                    {label}
                    <SortIcon sorted={sorted} />
                  </Group>
                </UnstyledButton>
              ) : (
                <Text fw={600} fz="sm" inherit>
                  {label}
                </Text>
              )}
            </Table.Th>
          );
        })}
        {withActions && (
          <Table.Th w={1} ta="center">
            Actions
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}

/** The header row renders again when its columns or the sort change, not on every live update of the rows. */
export const TableHead = memo(TableHeadBody) as typeof TableHeadBody;
