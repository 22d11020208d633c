import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DemFilter } from '@/features/dem/api/dem-query';
import { DEFAULT_DEM_WINDOW, DEM_WINDOWS, type DemWindow } from './dem-windows';

/** The narrowing filters a DEM page keeps in its URL, beside the window. */
export const DEM_NARROWING = ['user', 'location', 'network'] as const;

/**
 * Filters of the DEM pages, in the URL (a link or a reload keeps them): the window, and the user,
 * location or network the scores are narrowed to.
 */
export function useDemFilters() {
  const [params, setParams] = useSearchParams();
  const window = (DEM_WINDOWS.find((w) => w.value === params.get('window'))?.value ?? DEFAULT_DEM_WINDOW) as DemWindow;
  const user = params.get('user') || undefined;
  const location = params.get('location') || undefined;
  const network = params.get('network') || undefined;
  // One object per distinct filter: it is part of the query keys.
  const filter: DemFilter = useMemo(() => ({ window, user, location, network }), [window, user, location, network]);
  const update = (change: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(change)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );
  return { window, filter, update };
}
