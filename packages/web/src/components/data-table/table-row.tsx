import { memo, type Ref } from 'react';
import { Checkbox, Table } from '@mantine/core';
import type { Row, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './table-features';
import { DataCell } from './data-cell';
import { RowActions, type RowActionHandlers } from './row-actions';
import type { DataTableColumn, TableRowFlags } from './types';

export interface RowContext<T> {
  columnsById: Map<string, DataTableColumn<T>>;
  highlight: string;
  timezone?: string | null;
  onCellChange?: (row: T, key: string, value: unknown) => void;
  selectable: boolean;
  handlers: RowActionHandlers<T>;
  withActions: boolean;
}

interface TableRowViewProps<T extends RowData> {
  row: Row<DataTableFeatures, T>;
  ctx: RowContext<T>;
  /** Virtualised rows report their real height to the virtualiser. */
  measureRef?: Ref<HTMLTableRowElement>;
  index?: number;
  /** Passed in, not read from `row`: the row reads the table's live state, so a memo could not see it change. */
  selected: boolean;
}

function TableRowBody<T extends RowData>({ row, ctx, measureRef, index, selected }: TableRowViewProps<T>) {
  const flags = row.original as TableRowFlags;
  return (
    <Table.Tr ref={measureRef} data-index={index} data-disabled={flags.enabled === false || undefined} c={flags.enabled === false ? 'dimmed' : undefined}>
      {ctx.selectable && (
        <Table.Td>
          <Checkbox aria-label="Select row" checked={selected} disabled={!row.getCanSelect()} onChange={row.getToggleSelectedHandler()} />
        </Table.Td>
      )}
      {row.getAllCells().map((cell) => {
        const column = ctx.columnsById.get(cell.column.id);
        if (!column) return null;
        return (
          <Table.Td key={cell.id} style={{ textAlign: column.rowAlign ?? 'left', width: column.width }}>
            <DataCell column={column} row={row.original} highlight={ctx.highlight} timezone={ctx.timezone} onCellChange={ctx.onCellChange} />
          </Table.Td>
        );
      })}
      {ctx.withActions && (
        <Table.Td>
          <RowActions row={row.original} handlers={ctx.handlers} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * A row renders again only when its own data, its selection or the table's shared context changed:
 * a live update of one device re-renders that device's row, not the page (an idle dashboard's cost).
 */
export const TableRowView = memo(
  TableRowBody,
  (a, b) => a.row.original === b.row.original && a.ctx === b.ctx && a.selected === b.selected && a.index === b.index && a.measureRef === b.measureRef,
) as typeof TableRowBody;
