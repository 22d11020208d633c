import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { commercialDataSchema, DEVICE_PATHS, type CommercialData } from '@netloom/domain';
import { api } from '@/lib/http/client';

export const commercialKey = (tenantId: string | null) => ['devices', 'commercial', tenantId] as const;

function getCommercialData(tenantId: string, signal?: AbortSignal): Promise<CommercialData> {
  return api.get(DEVICE_PATHS.commercial, commercialDataSchema, { query: { tid: tenantId }, signal });
}

function commercialDataQueryOptions(tenantId: string | null) {
  return queryOptions({
    queryKey: commercialKey(tenantId),
    queryFn: tenantId ? ({ signal }) => getCommercialData(tenantId, signal) : skipToken,
  });
}

/** The commercial view's amounts: per device id, per WAN name (spec 000 §2.4). */
export function useCommercialData(tenantId: string | null, enabled: boolean) {
  return useQuery({ ...commercialDataQueryOptions(tenantId), enabled });
}
