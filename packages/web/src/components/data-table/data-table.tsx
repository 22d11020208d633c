import { useMemo, useRef } from 'react';
import { Box, Table } from '@mantine/core';
import { TABLE_DEFAULTS, toCsv } from '@netloom/domain';
import { MessageRow, NoMatch, NoRows, SkeletonRows } from './body-states';
import { downloadCsv } from './csv-download';
import { hasRowActions } from './row-actions';
import { TableFooter } from './table-footer';
import { TableHead } from './table-head';
import { TableRowView, type RowContext } from './table-row';
import { TableToolbar } from './table-toolbar';
import type { DataTableProps } from './types';
import { useDataTable } from './use-data-table';
import { VirtualRows } from './virtual-rows';

const DEFAULT_VIRTUAL_HEIGHT = 600;

/**
 * The console's generic table (spec 000 §2.18): search, sort, paging, CSV, refresh, typed cells,
 * row actions and an optional selection column. Rules come from @netloom/domain.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const state = useDataTable(props);
  const { table, options, columnsById, shownRows, sortedRows, loading, virtual } = state;
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = props.virtualHeight ?? DEFAULT_VIRTUAL_HEIGHT;

  const { onToggle, onView, onEdit, onDelete, onRowAction, onCellChange, timezone } = props;
  const selectable = Boolean(props.selection);
  const { highlight } = state;
  // One context object while nothing in it changes, so memoised rows whose data is the same skip rendering.
  const ctx = useMemo<RowContext<T>>(() => {
    const handlers = { onToggle, onView, onEdit, onDelete, onRowAction };
    return { columnsById, highlight, timezone, onCellChange, selectable, handlers, withActions: hasRowActions(handlers) };
  }, [columnsById, highlight, timezone, onCellChange, selectable, onToggle, onView, onEdit, onDelete, onRowAction]);
  const { withActions } = ctx;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const sort = table.state.sorting[0];
  const sortState = sort ? `${sort.id}:${sort.desc}` : '';
  const colSpan = headers.length + (props.selection ? 1 : 0) + (withActions ? 1 : 0);

  const download = () => {
    const visible = [...columnsById.values()];
    const text = toCsv(sortedRows, {
      titles: props.csv?.titles ?? visible.map((c) => c.header),
      keys: props.csv?.keys ?? visible.map((c) => c.key),
      joins: props.csv?.joins,
      abstractions: props.csv?.abstractions,
    });
    // null means the host's CSV lists do not line up: the spec skips the export without a word.
    if (text !== null) downloadCsv(props.csv?.title ?? 'table', text);
  };

  const body = () => {
    if (loading) return <SkeletonRows colSpan={colSpan} />;
    if (props.rows.length === 0) return <MessageRow colSpan={colSpan}>{props.emptyState ?? <NoRows />}</MessageRow>;
    if (shownRows.length === 0) {
      return (
        <MessageRow colSpan={colSpan}>
          <NoMatch onClear={() => state.setSearch('')} />
        </MessageRow>
      );
    }
    if (virtual) return <VirtualRows rows={shownRows} ctx={ctx} scrollRef={scrollRef} height={height} colSpan={colSpan} />;
    return shownRows.map((row) => <TableRowView key={row.id} row={row} ctx={ctx} selected={row.getIsSelected()} />);
  };

  const withToolbar = options.search || options.download || (options.refresh && props.onRefresh) || props.toolbarExtra;
  return (
    <Box data-testid={props['data-testid']}>
      {withToolbar && (
        <TableToolbar
          search={options.search ? { value: state.search, onChange: state.setSearch } : undefined}
          onDownload={options.download ? download : undefined}
          downloadDisabled={loading || sortedRows.length === 0}
          onRefresh={options.refresh && props.onRefresh ? () => void state.refresh() : undefined}
          refreshing={loading}
          extra={props.toolbarExtra}
        />
      )}
      <Box ref={scrollRef} style={{ overflowX: 'auto', ...(virtual ? { height, overflowY: 'auto' } : {}) }}>
        <Table striped highlightOnHover verticalSpacing="xs" fz="sm" stickyHeader={virtual} aria-label={props.label} aria-busy={loading || undefined}>
          <TableHead
            headers={headers}
            columnsById={columnsById}
            selectionHeader={props.selection ? (props.selection.header ?? TABLE_DEFAULTS.selectedColumnHeader) : undefined}
            withActions={withActions}
            sortState={sortState}
          />
          <Table.Tbody>{body()}</Table.Tbody>
        </Table>
      </Box>
      {options.paging && !loading && sortedRows.length > 0 && (
        <TableFooter
          total={sortedRows.length}
          page={state.page}
          pages={state.pages}
          pageSize={state.pageSize}
          onPage={state.setPage}
          onPageSize={state.setPageSize}
          sizes={props.pageSizes}
        />
      )}
    </Box>
  );
}
