import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrOverviewSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { NDR_REFRESH_MS, ndrWindowQuery, type NdrWindow } from '@/features/ndr/hooks/ndr-windows';
import { ndrKeys } from './ndr-keys';

function ndrOverviewQueryOptions(tid: string | null, window: NdrWindow) {
  return queryOptions({
    queryKey: ndrKeys.overview(tid, { window }),
    queryFn: tid
      ? ({ signal }) => api.get(NDR_PATHS.overview, ndrOverviewSchema, { query: { ...ndrWindowQuery(window), ...tenantIdQuery(tid) }, signal })
      : skipToken,
    refetchInterval: NDR_REFRESH_MS,
  });
}

/** Detections of the window by severity, status and ATT&CK tactic, over time, with the hosts at risk and the engine's lag. */
export function useNdrOverview(window: NdrWindow) {
  return useQuery(ndrOverviewQueryOptions(useTenantScope(), window));
}
