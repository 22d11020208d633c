import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ENDPOINT_OSES, ZTNA_PATHS, type ClientRelease } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { tenantQuery, ztnaKeys } from './ztna-keys';

const releaseSchema = z.object({ os: z.enum(ENDPOINT_OSES), version: z.string(), released: z.string(), url: z.string(), notes: z.string() });
const releaseListSchema = z.array(releaseSchema) satisfies z.ZodType<ClientRelease[]>;

export function clientReleasesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.releases(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.clientReleases, releaseListSchema, { query: tenantQuery(tid), signal }) : skipToken,
    // Releases ship with the server.
    staleTime: 60 * 60_000,
  });
}

/** The MicroZAccess client releases per OS. */
export function useClientReleases() {
  return useQuery(clientReleasesQueryOptions(useTenantScope()));
}
