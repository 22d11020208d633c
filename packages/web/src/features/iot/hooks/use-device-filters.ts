import { useSearchParams } from 'react-router';
import { IOT_CLASSES, IOT_DEVICE_HEALTH_FILTERS, IOT_DEVICE_SORTS } from '@netloom/domain';
import { LOG_PAGE_SIZES } from '@/components/logs/use-log-view';
import type { IotDevicesQuery } from '@/features/iot/api/get-iot-devices';

const DEFAULT_SIZE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_MAX = 128;

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => ((list as readonly string[]).includes(v ?? '') ? (v as T) : undefined);

/**
 * The device list's filters and page, in the URL (a link from the overview or a reload shows the
 * same rows). Values the server would refuse are left out rather than sent.
 */
export function useDeviceFilters() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const gateway = params.get('gateway');
  const search = params.get('search')?.trim().slice(0, SEARCH_MAX);
  const vendor = params.get('vendor')?.trim().slice(0, SEARCH_MAX);
  const query: IotDevicesQuery = {
    gateway_id: gateway && UUID.test(gateway) ? gateway : undefined,
    class: oneOf(IOT_CLASSES, params.get('class')),
    health: oneOf(IOT_DEVICE_HEALTH_FILTERS, params.get('health')),
    vendor: vendor || undefined,
    deviating: oneOf(['true', 'false'] as const, params.get('deviating')),
    sort: oneOf(IOT_DEVICE_SORTS, params.get('sort')),
    search: search || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: LOG_PAGE_SIZES.includes(String(size)) ? size : DEFAULT_SIZE,
  };
  for (const k of Object.keys(query) as (keyof IotDevicesQuery)[]) if (query[k] === undefined) delete query[k];
  /** null removes a filter; any change but the page itself starts again from page 1. */
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
  return { query, searchText: params.get('search') ?? '', update };
}
