import { useSearchParams } from 'react-router';
import type { LogFilterFieldBase, LogView } from './log-filter-body';

export const LOG_PAGE_SIZES = ['10', '25', '50', '100'];
const DEFAULT_SIZE = 25;

/** What a server-filtered log shows, from the URL (a reload or a shared link shows the same rows), and a way to change it. */
export function useLogView(fields: readonly Pick<LogFilterFieldBase, 'key'>[]) {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const view: LogView = {
    page: Math.max(1, Number(params.get('page')) || 1),
    size: LOG_PAGE_SIZES.includes(String(size)) ? size : DEFAULT_SIZE,
    search: params.get('q') ?? '',
    start: params.get('from') ?? undefined,
    end: params.get('to') ?? undefined,
    filters: Object.fromEntries(fields.flatMap((f) => (params.get(f.key) ? [[f.key, params.get(f.key) ?? '']] : []))),
  };
  /** null removes a key; any change but the page itself starts again from page 1 (other rows). */
  const update = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch))
          if (v) next.set(k, v);
          else next.delete(k);
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const setFilters = (filters: Record<string, string>) => update(Object.fromEntries(fields.map((f) => [f.key, filters[f.key] ?? null])));
  return { view, update, setFilters };
}
