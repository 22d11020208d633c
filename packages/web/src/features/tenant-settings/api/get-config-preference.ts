import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { configPreferenceSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

export const configPreferenceKey = (tid: string | null) => ['tenant-settings', 'config-preference', tid] as const;

function getConfigPreference(tid: string | null, signal?: AbortSignal) {
  return api.get(ORG_PATHS.configPreference, configPreferenceSchema, { query: tidQuery(tid), signal });
}

function configPreferenceQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: configPreferenceKey(tid),
    queryFn: tid ? ({ signal }) => getConfigPreference(tid, signal) : skipToken,
    staleTime: 0,
  });
}

/** The tenant's dashboard settings (spec 000 §2.12), with the defaults of §3 filled in by the server. */
export function useConfigPreference() {
  return useQuery(configPreferenceQueryOptions(useTenantScope()));
}
