import { queryOptions, useQuery } from '@tanstack/react-query';
import { SCIM_PATHS, scimTokenListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { scimTokensKey } from './scim-keys';

function scimTokensQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: scimTokensKey(tid),
    queryFn: ({ signal }) => api.get(SCIM_PATHS.tokens, scimTokenListSchema, { query: tidQuery(tid), signal }),
    select: (list) => list.results,
  });
}

/** The provisioning tokens (their prefix, never the tokens), for owners. */
export function useScimTokens(enabled: boolean) {
  return useQuery({ ...scimTokensQueryOptions(useTenantScope()), enabled });
}
