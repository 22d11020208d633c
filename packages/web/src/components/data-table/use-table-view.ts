import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { DataTableView, DataTableViewChange } from './types';

const viewKey = (v: DataTableView): string => JSON.stringify([v.search, v.page, v.pageSize, v.sort?.key ?? null, v.sort?.desc ?? false]);

// A host that never hands changes back must not make the table remember them forever.
const MAX_REPORTED = 50;

interface ViewState {
  view: DataTableView;
  /** Changes reported to the host that it has not handed back yet, oldest first. */
  reported: readonly string[];
}

/**
 * The table's search, page, page size and sort. Without a host view the table simply owns them.
 * With one (kept in the URL, say) the host takes a moment to hand a change back: a router
 * navigation is asynchronous, and a host may wait for typing to pause. So the table shows each
 * change at once, reports it, and takes the host's view only when it changes from elsewhere
 * (Back, a shared link); a late echo of its own change must not undo the keystrokes since.
 *
 * The host's view is compared once committed, never while rendering: the router hands its changes
 * over in a transition, so a keystroke can render with the committed (older) URL after a
 * transition render saw the newer one, and an older URL read there looked like a change from elsewhere.
 */
export function useTableView(
  initial: () => DataTableView,
  hostView: DataTableView | undefined,
  onViewChange: ((view: DataTableView, change: DataTableViewChange) => void) | undefined,
) {
  const hostKey = hostView ? viewKey(hostView) : null;
  const [state, setState] = useState<ViewState>(() => ({ view: hostView ?? initial(), reported: [] }));
  /** The host's view as last committed. */
  const seen = useRef(hostKey);

  useLayoutEffect(() => {
    if (!hostView || hostKey === null || hostKey === seen.current) return;
    seen.current = hostKey;
    setState((s) => {
      const at = s.reported.indexOf(hostKey);
      // Our own change arriving: it settles everything reported before it too.
      if (at >= 0) return { ...s, reported: s.reported.slice(at + 1) };
      return { view: hostView, reported: [] };
    });
  }, [hostKey, hostView]);

  const controlled = hostView !== undefined;
  const change = useCallback(
    (next: DataTableView, what: DataTableViewChange) => {
      setState((s) => {
        if (!controlled) return { ...s, view: next };
        const key = viewKey(next);
        // Back to what the host already shows: it will hand nothing back, so nothing is pending.
        const reported = key === seen.current ? [] : [...s.reported, key].slice(-MAX_REPORTED);
        return { ...s, view: next, reported };
      });
      onViewChange?.(next, what);
    },
    [controlled, onViewChange],
  );

  return [state.view, change] as const;
}
