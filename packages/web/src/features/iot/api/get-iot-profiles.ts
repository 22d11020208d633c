import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { IOT_PATHS, iotProfileListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { IOT_REFRESH_MS, iotKeys } from './iot-keys';

function iotProfilesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: iotKeys.profiles(tid),
    queryFn: tid ? ({ signal }) => api.get(IOT_PATHS.profiles, iotProfileListSchema, { query: tenantIdQuery(tid), signal }).then((l) => l.results) : skipToken,
    refetchInterval: IOT_REFRESH_MS,
  });
}

/** The communication profile learnt for each class of device: learning or enforcing. */
export function useIotProfiles() {
  return useQuery(iotProfilesQueryOptions(useTenantScope()));
}
