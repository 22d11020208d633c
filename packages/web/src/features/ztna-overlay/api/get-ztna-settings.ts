import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaSettingsSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys, tenantQuery } from './overlay-keys';

function ztnaSettingsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.settings(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.settings, ztnaSettingsSchema, { query: tenantQuery(tid), signal }) : skipToken,
  });
}

/** The identity-aware overlay and the overlay access policy. */
export function useZtnaSettings() {
  return useQuery(ztnaSettingsQueryOptions(useTenantScope()));
}
