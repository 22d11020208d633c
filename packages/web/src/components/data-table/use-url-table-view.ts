import { useCallback, useEffect, useMemo } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { viewFromParams, viewToParams, type TablePaging } from './table-url-params';
import type { DataTableView, DataTableViewChange } from './types';

/**
 * The search is written once typing pauses, not on each keystroke: the table has filtered on
 * every keystroke already, and a half-typed word is no view worth a link.
 */
const SEARCH_WRITE_DELAY_MS = 300;

/**
 * A table view kept in the URL's search params, for DataTable's `view` and `onViewChange`: a
 * reload or a shared link shows the same rows. Paging and sorting are history entries, so Back
 * undoes them; typing replaces the current entry instead of adding one per keystroke.
 */
export function useUrlTableView({ pageSizes, defaultPageSize }: TablePaging = {}) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params, { pageSizes, defaultPageSize }), [params, pageSizes, defaultPageSize]);

  const write = useCallback(
    (next: DataTableView, replace: boolean) => setParams((current) => viewToParams(next, current, { defaultPageSize }), { replace }),
    [setParams, defaultPageSize],
  );
  const writeSearch = useDebouncedCallback((next: DataTableView) => write(next, true), SEARCH_WRITE_DELAY_MS);

  // Back or Forward while a search waits to be written: the history entry the user went to wins.
  const location = useLocation();
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation === 'POP') writeSearch.cancel();
  }, [location.key, navigation, writeSearch]);

  const onViewChange = useCallback(
    (next: DataTableView, change: DataTableViewChange) => {
      if (change === 'search') return writeSearch(next);
      // The full view goes with it, so a search still waiting is written now, as part of this entry.
      writeSearch.cancel();
      write(next, false);
    },
    [write, writeSearch],
  );

  return { view, onViewChange };
}
