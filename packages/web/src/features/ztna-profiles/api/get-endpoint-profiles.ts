import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { endpointProfileSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const profileListSchema = z.array(endpointProfileSchema);

function endpointProfilesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.profiles(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.profiles, profileListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's endpoint profiles, the default 'mza' among them. */
export function useEndpointProfiles() {
  return useQuery(endpointProfilesQueryOptions(useTenantScope()));
}
