import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { clientReleaseRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const releaseListSchema = z.array(clientReleaseRowSchema);

function clientReleasesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.releases(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.clientReleases, releaseListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // Releases ship with the server.
    staleTime: 60 * 60_000,
  });
}

/** The MicroZAccess client releases per OS. */
export function useClientReleases() {
  return useQuery(clientReleasesQueryOptions(useTenantScope()));
}
