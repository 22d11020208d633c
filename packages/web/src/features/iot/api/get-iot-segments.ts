import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { IOT_PATHS, iotSegmentListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

function iotSegmentsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: iotKeys.segments(tid),
    queryFn: tid ? ({ signal }) => api.get(IOT_PATHS.segments, iotSegmentListSchema, { query: tenantIdQuery(tid), signal }).then((l) => l.results) : skipToken,
  });
}

/** The segments applied to the gateways. */
export function useIotSegments() {
  return useQuery(iotSegmentsQueryOptions(useTenantScope()));
}
