import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { RUM_DEVICE_CLASSES, type RumDeviceClass, type RumQuery, type RumSite, type RumSiteKind } from '@netloom/domain';

export const RUM_WINDOWS = [
  { value: '1h', label: '1 hour', ms: 3_600_000 },
  { value: '24h', label: '24 hours', ms: 86_400_000 },
  { value: '7d', label: '7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: '30 days', ms: 30 * 86_400_000 },
] as const;
export type RumWindow = (typeof RUM_WINDOWS)[number]['value'];

/** The filters a breakdown row narrows the page to. */
export type RumFilter = 'page' | 'country' | 'browser' | 'device_class';

/**
 * What the RUM page shows, in the URL (a link or a reload keeps it): the site (the tab's first one
 * when none is named), the window ending now, and the page, country, browser and device class chosen.
 */
export function useRumFilters(kind: RumSiteKind, sites: readonly RumSite[] | undefined) {
  const [params, setParams] = useSearchParams();
  const ofKind = useMemo(() => (sites ?? []).filter((s) => s.kind === kind), [sites, kind]);
  const site = ofKind.find((s) => s.id === params.get('site')) ?? ofKind[0] ?? null;
  const windowKey = (RUM_WINDOWS.find((w) => w.value === params.get('window'))?.value ?? '24h') as RumWindow;
  // The window's end is fixed when it is chosen: a moving end would refetch on every render.
  const range = useMemo(() => {
    const ms = RUM_WINDOWS.find((w) => w.value === windowKey)!.ms;
    const end = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    return { start_time: new Date(end.getTime() - ms).toISOString(), end_time: end.toISOString() };
  }, [windowKey]);
  const deviceClass = params.get('device_class');
  const filters = {
    page: params.get('page') || undefined,
    country: params.get('country') || undefined,
    browser: params.get('browser') || undefined,
    device_class: RUM_DEVICE_CLASSES.includes(deviceClass as RumDeviceClass) ? (deviceClass as RumDeviceClass) : undefined,
  };
  const query: RumQuery | null = site ? { site_id: site.id, ...range, ...filters } : null;
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
  return { sites: ofKind, site, windowKey, filters, query, update };
}
