import type { ReactNode } from 'react';
import type { CsvSpec } from '@netloom/domain';
import type { StatusKind } from '@/components/status-icon/status-kinds';

/** Column types of spec 001 §3. */
type ColumnType = 'string' | 'icon' | 'array' | 'date' | 'ip' | 'bytes' | 'html' | 'input' | 'dropdown' | 'multi-input';

type Align = 'left' | 'center' | 'right';

/** The optional row fields the table itself reads (spec 001 §3 "Shared table"). */
export interface TableRowFlags {
  id?: string | number;
  enabled?: boolean;
  readOnly?: boolean;
  disableActions?: boolean;
  /** 1/0 in a column keyed `status` shows an Enabled/Disabled badge. */
  status?: unknown;
  /** With `total`, a column keyed `select` or `inclusion` shows the inclusion status. */
  select?: number;
  total?: number;
  actionButtonName?: string;
  disableActionButton?: boolean;
}

export interface DataTableColumn<T> {
  /** Field of the row; a dotted path ('wan.0.name') reaches nested values. */
  key: string;
  header: string;
  type?: ColumnType;
  /** false hides the column (it still takes part in search). */
  visible?: boolean;
  headAlign?: Align;
  rowAlign?: Align;
  /** CSS width; cells never grow past the spec's 10rem unless a width says otherwise. */
  width?: string;
  /** Overrides the table's `sort` option for this column. */
  sortable?: boolean;
  /** Choices of a dropdown cell. */
  options?: readonly (string | { value: string; label: string })[];
  /** Icon columns: maps a cell value (e.g. 'running') to an icon kind; a kind name is used as is. */
  icons?: Readonly<Record<string, StatusKind>>;
  /** Array columns: the field shown from each object item. */
  itemKey?: string;
  /** Array columns: 'chips' (default) or a comma-separated list. */
  arrayDisplay?: 'chips' | 'list';
  /** Labels of the 1/0 status badge; ['Enabled', 'Disabled'] by default. */
  booleanLabels?: readonly [string, string];
  /** Escape hatch for a cell no type covers. */
  render?: (row: T) => ReactNode;
}

export interface DataTableOptions {
  search?: boolean;
  sort?: boolean;
  download?: boolean;
  refresh?: boolean;
  paging?: boolean;
}

interface DataTableCsv extends Partial<CsvSpec> {
  /** File name without the extension. */
  title: string;
}

interface DataTableSelection {
  /** Header of the checkbox column; 'Selected' by default. */
  header?: string;
  /** Controlled selection by row id; the table keeps its own when absent. */
  selectedIds?: readonly string[];
  onChange: (ids: string[]) => void;
}

/** What the user has narrowed the table to: the part of its state worth a URL. */
export interface DataTableView {
  search: string;
  /** 1-based; a page past the end shows the last one. */
  page: number;
  pageSize: number | 'None';
  sort: { key: string; desc: boolean } | null;
}

/** Which part of the view a change touched, so a host can push some changes and replace others. */
export type DataTableViewChange = 'search' | 'page' | 'pageSize' | 'sort';

export interface DataTableProps<T extends object> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  options?: DataTableOptions;
  /** CSV export; titles/keys default to the visible columns. */
  csv?: DataTableCsv;
  /** Stable row id for keys and selection; `row.id`, else the position, by default. */
  getRowId?: (row: T, index: number) => string;
  onToggle?: (row: T, enabled: boolean) => void;
  onView?: (row: T) => void;
  onEdit?: (row: T) => void;
  /** Called only after the user confirms the deletion. */
  onDelete?: (row: T) => void;
  /** The extra per-row button named by `row.actionButtonName`. */
  onRowAction?: (row: T) => void;
  /** Needs `options.refresh`; a returned promise keeps the loading state until it settles. */
  onRefresh?: () => unknown;
  onCellChange?: (row: T, key: string, value: unknown) => void;
  loading?: boolean;
  selection?: DataTableSelection;
  /** Shown when there are no rows at all (not when a search matches nothing). */
  emptyState?: ReactNode;
  /** The user's time zone for date cells; the browser's when absent. */
  timezone?: string | null;
  /** Height of the scroll area once the table virtualises its rows. */
  virtualHeight?: number;
  /** Rows-per-page choices; 'None' shows every row. The generic 10/25/50/100 by default. */
  pageSizes?: readonly (number | 'None')[];
  /** The first page size; the generic 25 by default. */
  defaultPageSize?: number | 'None';
  /** Extra controls at the right of the toolbar (a host's filter or view buttons). */
  toolbarExtra?: ReactNode;
  /**
   * Controlled view (the host keeps it, in the URL say). The table still shows each change at
   * once and reports it through `onViewChange`; it follows `view` when it changes from elsewhere.
   * Without it the table keeps its own view, starting from `defaultPageSize`.
   */
  view?: DataTableView;
  onViewChange?: (view: DataTableView, change: DataTableViewChange) => void;
  /** Accessible name of the table. */
  label?: string;
  'data-testid'?: string;
}
