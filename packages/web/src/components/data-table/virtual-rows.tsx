import type { RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Row, RowData } from '@tanstack/react-table';
import type { DataTableFeatures } from './table-features';
import { TableRowView, type RowContext } from './table-row';

interface VirtualRowsProps<T extends RowData> {
  rows: Row<DataTableFeatures, T>[];
  ctx: RowContext<T>;
  scrollRef: RefObject<HTMLDivElement | null>;
  height: number;
  colSpan: number;
}

const ROW_HEIGHT = 41;

/**
 * Only the rows in view (plus a margin) are in the DOM; two spacer rows stand in for the rest,
 * so the table stays a real <table> and the scroll bar keeps its true length.
 */
export function VirtualRows<T extends RowData>({ rows, ctx, scrollRef, height, colSpan }: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 0, height },
    getItemKey: (i) => rows[i]?.id ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {top > 0 && (
        <tr aria-hidden style={{ height: top }}>
          <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <TableRowView key={item.key} row={row} ctx={ctx} index={item.index} measureRef={virtualizer.measureElement} selected={row.getIsSelected()} />
        ) : null;
      })}
      {bottom > 0 && (
        <tr aria-hidden style={{ height: bottom }}>
          <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
        </tr>
      )}
    </>
  );
}
