import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrDetectionListSchema, type NdrDetectionListQuery } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { NDR_REFRESH_MS, ndrWindowQuery, type NdrWindow } from '@/features/ndr/hooks/ndr-windows';
import { ndrKeys } from './ndr-keys';

/** A page of detections: the window, the narrowing filters and the page. */
export type NdrDetectionsQuery = Omit<Partial<NdrDetectionListQuery>, 'tenant_id' | 'start_time' | 'end_time'> & { window: NdrWindow };

function ndrDetectionsQueryOptions(tid: string | null, { window, ...query }: NdrDetectionsQuery) {
  return queryOptions({
    queryKey: ndrKeys.list(tid, { window, ...query }),
    queryFn: tid
      ? ({ signal }) => api.get(NDR_PATHS.detections, ndrDetectionListSchema, { query: { ...query, ...ndrWindowQuery(window), ...tenantIdQuery(tid) }, signal })
      : skipToken,
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
    refetchInterval: NDR_REFRESH_MS,
  });
}

/** One page of the detections last seen in the window, the latest first, filtered and paged by the server. */
export function useNdrDetections(query: NdrDetectionsQuery) {
  return useQuery(ndrDetectionsQueryOptions(useTenantScope(), query));
}
