import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTable, type ColumnDef, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { dataTableFeatures, type DataTableFeatures } from './table-features';
import { DEFAULT_PAGE_SIZE, TABLE_DEFAULTS, pageCount, pageSlice, searchRows, sortRows, valueAt } from '@netloom/domain';
import type { DataTableColumn, DataTableOptions, DataTableProps } from './types';
import { useTableView } from './use-table-view';

/** Above this many rows on screen the body is virtualised (spec: "virtualised when large"). */
const VIRTUAL_THRESHOLD = 200;

/** 'None' (every row) is an unbounded page. */
export const pageSizeValue = (size: number | 'None'): number => (size === 'None' ? Number.POSITIVE_INFINITY : size);

export type ResolvedOptions = Required<DataTableOptions>;

function resolveOptions(options: DataTableOptions | undefined): ResolvedOptions {
  return {
    search: options?.search ?? TABLE_DEFAULTS.search,
    sort: options?.sort ?? TABLE_DEFAULTS.sort,
    download: options?.download ?? TABLE_DEFAULTS.download,
    refresh: options?.refresh ?? TABLE_DEFAULTS.refresh,
    paging: options?.paging ?? true,
  };
}

const resolve = <S>(updater: Updater<S>, old: S): S => (typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater);

/**
 * The table's state and row pipeline. TanStack Table holds the column model, sort state and
 * selection; the rules themselves (search, sort order, paging) are the domain's, so the console
 * and anything else that lists rows agree on them.
 */
export function useDataTable<T extends object>(props: DataTableProps<T>) {
  const { columns, rows, selection } = props;
  const options = resolveOptions(props.options);

  const [view, changeView] = useTableView(
    () => ({ search: '', page: 1, pageSize: props.defaultPageSize ?? DEFAULT_PAGE_SIZE, sort: null }),
    props.view,
    props.onViewChange,
  );
  const { search } = view;
  // Highlighting every cell on each keystroke is what makes big tables stutter; the spec waits 100 ms.
  const [highlight] = useDebouncedValue(search.trim(), TABLE_DEFAULTS.highlightDelayMs);
  const pageSize = pageSizeValue(view.pageSize);
  const [refreshing, setRefreshing] = useState(false);
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});

  const visibleColumns = useMemo(() => columns.filter((c) => c.visible !== false), [columns]);
  const columnsById = useMemo(() => new Map(visibleColumns.map((c) => [c.key, c])), [visibleColumns]);
  // A sort from outside (an old link) on a column that is gone or not sortable is no sort.
  const sortColumn = view.sort ? columnsById.get(view.sort.key) : undefined;
  const sortable = sortColumn !== undefined && (sortColumn.sortable ?? options.sort);
  const sortKey = sortable ? view.sort?.key : undefined;
  const sortDesc = Boolean(view.sort?.desc);
  const sorting = useMemo<SortingState>(() => (sortKey ? [{ id: sortKey, desc: sortDesc }] : []), [sortKey, sortDesc]);

  // Positions in the host's array give rows without an id a key that survives sorting and search.
  const positions = useMemo(() => new Map<T, number>(rows.map((row, i) => [row, i])), [rows]);
  const { getRowId: hostRowId } = props;
  const getRowId = useCallback(
    (row: T): string => {
      const index = positions.get(row) ?? -1;
      if (hostRowId) return hostRowId(row, index);
      const id = (row as { id?: unknown }).id;
      return id !== undefined && id !== null ? String(id) : `#${index}`;
    },
    [hostRowId, positions],
  );

  const filtered = useMemo(() => (options.search ? searchRows(rows, search) : [...rows]), [rows, search, options.search]);
  const sorted = useMemo(() => {
    const by = sorting[0];
    return by ? sortRows(filtered, (row) => valueAt(row, by.id), by.desc ? 'dsc' : 'asc') : filtered;
  }, [filtered, sorting]);

  const defs = useMemo<ColumnDef<DataTableFeatures, T>[]>(
    () =>
      visibleColumns.map((c: DataTableColumn<T>) => ({
        id: c.key,
        header: c.header,
        accessorFn: (row: T) => valueAt(row, c.key),
        enableSorting: c.sortable ?? options.sort,
      })),
    [visibleColumns, options.sort],
  );

  const rowSelection = useMemo<RowSelectionState>(
    () => (selection?.selectedIds ? Object.fromEntries(selection.selectedIds.map((id) => [id, true])) : ownSelection),
    [selection?.selectedIds, ownSelection],
  );

  const table = useTable<DataTableFeatures, T>({
    features: dataTableFeatures,
    data: sorted,
    columns: defs,
    state: { sorting, rowSelection },
    getRowId,
    // Sorting is applied above with the domain's order; TanStack only cycles asc → dsc → off.
    manualSorting: true,
    sortDescFirst: false,
    enableSortingRemoval: true,
    enableMultiSort: false,
    onSortingChange: (updater) => {
      const by = resolve(updater, sorting)[0];
      changeView({ ...view, sort: by ? { key: by.id, desc: by.desc } : null }, 'sort');
    },
    enableRowSelection: (row) => !(row.original as { readOnly?: boolean }).readOnly,
    onRowSelectionChange: (updater) => {
      const next = resolve(updater, rowSelection);
      if (!selection?.selectedIds) setOwnSelection(next);
      selection?.onChange(Object.keys(next).filter((id) => next[id]));
    },
  });

  const allRows = table.getRowModel().rows;
  const pages = pageCount(allRows.length, pageSize);
  // New rows (a refresh, a delete) may leave fewer pages than the one the user was on.
  const currentPage = Math.max(1, Math.min(view.page, pages));
  const shownRows = options.paging && Number.isFinite(pageSize) ? pageSlice(allRows, currentPage, pageSize) : allRows;

  const setSearch = useCallback((term: string) => changeView({ ...view, search: term, page: 1 }, 'search'), [view, changeView]);
  const setPage = useCallback((page: number) => changeView({ ...view, page }, 'page'), [view, changeView]);
  const setPageSize = useCallback(
    (size: number) => changeView({ ...view, pageSize: Number.isFinite(size) ? size : 'None', page: 1 }, 'pageSize'),
    [view, changeView],
  );

  const { onRefresh } = props;
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await onRefresh?.();
    } finally {
      setRefreshing(false);
    }
  }, [onRefresh]);

  return {
    table,
    options,
    columnsById,
    search,
    setSearch,
    highlight: search.trim() === '' ? '' : highlight,
    sortedRows: sorted,
    shownRows,
    page: currentPage,
    pages,
    setPage,
    pageSize,
    setPageSize,
    refresh,
    loading: Boolean(props.loading) || refreshing,
    virtual: shownRows.length > VIRTUAL_THRESHOLD,
  };
}
