import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { NDR_PATHS, ndrActionListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ndrKeys } from './ndr-keys';

interface NdrActionsQuery {
  active?: 'true' | 'false';
  host?: string;
  page: number;
  page_size: number;
}

function ndrActionsQueryOptions(tid: string | null, query: NdrActionsQuery) {
  return queryOptions({
    queryKey: ndrKeys.actionList(tid, query),
    queryFn: tid ? ({ signal }) => api.get(NDR_PATHS.actions, ndrActionListSchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** A page of the response actions taken, the latest first. */
export function useNdrActions(query: NdrActionsQuery) {
  return useQuery(ndrActionsQueryOptions(useTenantScope(), query));
}
