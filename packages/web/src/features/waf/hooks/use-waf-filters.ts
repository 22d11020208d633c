import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useWafSelection } from './waf-selection';

export const WAF_WINDOWS = [
  { value: '1h', label: '1 hour', ms: 3_600_000 },
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: 30 * 86_400_000 },
] as const;
/** A filter cleared on the page (rather than left to the header's choice). */
export const ALL = 'all';
export type WafWindow = (typeof WAF_WINDOWS)[number]['value'];

/**
 * Filters of QShield's analytics pages, in the URL (a link or a reload keeps them): the window,
 * and the application and edge, which default to the header's choice.
 */
export function useWafFilters() {
  const [params, setParams] = useSearchParams();
  const selection = useWafSelection();
  const windowKey = (WAF_WINDOWS.find((w) => w.value === params.get('window'))?.value ?? '24h') as WafWindow;
  // The window's end is fixed when the window is chosen: a moving `to` would refetch on every render.
  const range = useMemo(() => {
    const ms = WAF_WINDOWS.find((w) => w.value === windowKey)!.ms;
    const to = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    return { from: new Date(to.getTime() - ms).toISOString(), to: to.toISOString() };
  }, [windowKey]);
  const get = (key: string) => params.get(key) || undefined;
  const update = (change: Record<string, string | null>, resetPage = true) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(change)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        if (resetPage && !('page' in change)) p.delete('page');
        return p;
      },
      { replace: true },
    );
  // 'all' in the URL: every application, whatever the header has chosen.
  const scoped = (key: string, chosen: string | null) => {
    const v = get(key);
    return v === ALL ? undefined : (v ?? chosen ?? undefined);
  };
  return {
    windowKey,
    range,
    application_id: scoped('application', selection.applicationId),
    edge_id: scoped('edge', selection.edgeId),
    get,
    update,
  };
}
