import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ORG_PATHS, organisationSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';

export const organisationKey = (tid: string | null) => ['organisations', 'organisation', tid] as const;

function organisationQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: organisationKey(tid),
    queryFn: tid ? ({ signal }) => api.get(ORG_PATHS.organisation, organisationSchema, { query: { tid }, signal }) : skipToken,
  });
}

/** The organisation's details and default time zone. */
export function useOrganisation() {
  return useQuery(organisationQueryOptions(useTenantScope()));
}
