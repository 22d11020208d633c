import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaSettingsSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

function ztnaSettingsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.settings(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.settings, ztnaSettingsSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The identity-aware overlay and the overlay access policy. */
export function useZtnaSettings() {
  return useQuery(ztnaSettingsQueryOptions(useTenantScope()));
}
