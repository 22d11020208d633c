import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@netloom/domain';
import type { DataTableView } from './types';

/** The query names a table's view takes in the URL: `?q=edge&page=2&size=20&sort=-name`. */
export const TABLE_PARAMS = { search: 'q', page: 'page', size: 'size', sort: 'sort' } as const;

export interface TablePaging {
  /** The page sizes the table offers; any other `size` in the URL means the default. */
  pageSizes?: readonly (number | 'None')[];
  defaultPageSize?: number | 'None';
}

const WHOLE_NUMBER = /^[1-9]\d{0,8}$/;

/**
 * The view a URL asks for. Links are typed by hand and outlive the table's options, so anything
 * unreadable (page=abc, size=7) falls back to the default instead of failing.
 */
export function viewFromParams(params: URLSearchParams, paging: TablePaging = {}): DataTableView {
  const sizes = paging.pageSizes ?? PAGE_SIZE_OPTIONS;
  const fallbackSize = paging.defaultPageSize ?? DEFAULT_PAGE_SIZE;
  const page = params.get(TABLE_PARAMS.page) ?? '';
  const size = params.get(TABLE_PARAMS.size);
  const sort = params.get(TABLE_PARAMS.sort) ?? '';
  const sortKey = sort.replace(/^-/, '');
  return {
    search: params.get(TABLE_PARAMS.search) ?? '',
    page: WHOLE_NUMBER.test(page) ? Number(page) : 1,
    pageSize: sizes.find((s) => String(s) === size) ?? fallbackSize,
    // The table itself ignores a key that is not one of its sortable columns.
    sort: sortKey ? { key: sortKey, desc: sort.startsWith('-') } : null,
  };
}

/** Writes the view into the params, leaving the page's other params alone; defaults stay out of the URL. */
export function viewToParams(view: DataTableView, base: URLSearchParams, paging: TablePaging = {}): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const name of Object.values(TABLE_PARAMS)) next.delete(name);
  if (view.search !== '') next.set(TABLE_PARAMS.search, view.search);
  if (view.page !== 1) next.set(TABLE_PARAMS.page, String(view.page));
  if (view.pageSize !== (paging.defaultPageSize ?? DEFAULT_PAGE_SIZE)) next.set(TABLE_PARAMS.size, String(view.pageSize));
  if (view.sort) next.set(TABLE_PARAMS.sort, `${view.sort.desc ? '-' : ''}${view.sort.key}`);
  return next;
}
