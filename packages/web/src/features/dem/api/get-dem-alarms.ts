import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DEM_PATHS, demAlarmsSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';
import { DEM_REFRESH_MS } from './dem-query';

function demAlarmsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: demKeys.alarms(tid),
    queryFn: tid ? ({ signal }) => api.get(DEM_PATHS.alarms, demAlarmsSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: DEM_REFRESH_MS,
  });
}

/** The newest DEM alarms: an endpoint's experience of an application went under its threshold, or back. */
export function useDemAlarms() {
  return useQuery(demAlarmsQueryOptions(useTenantScope()));
}
