import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { IOT_PATHS, iotSummarySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { IOT_REFRESH_MS, iotKeys } from './iot-keys';

function iotSummaryQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: iotKeys.summary(tid),
    queryFn: tid ? ({ signal }) => api.get(IOT_PATHS.summary, iotSummarySchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: IOT_REFRESH_MS,
  });
}

/** The whole inventory counted by the server: classes, vendors, gateways, health, the new and the deviating. */
export function useIotSummary() {
  return useQuery(iotSummaryQueryOptions(useTenantScope()));
}
