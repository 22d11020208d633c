import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrDetectionDetailSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ndrKeys } from './ndr-keys';

function ndrDetectionQueryOptions(tid: string | null, id: string) {
  return queryOptions({
    queryKey: ndrKeys.detection(tid, id),
    queryFn: tid ? ({ signal }) => api.get(NDR_PATHS.detection(id), ndrDetectionDetailSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** One detection with its rule's explanation, the store's records of its host around it and the actions taken about it. */
export function useNdrDetection(id: string) {
  return useQuery(ndrDetectionQueryOptions(useTenantScope(), id));
}
