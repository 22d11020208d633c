import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { inventoryPageSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { tenantQuery, ztnaKeys } from './ztna-keys';

/** While a profile change travels, the endpoints' sync state is asked for this often; else every 30 s. */
const SYNCING_POLL_MS = 2_000;
const IDLE_POLL_MS = 30_000;

export function enrolledEndpointsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.enrolled(tid),
    queryFn: tid
      ? async ({ signal }) =>
          (await api.get(ZTNA_PATHS.inventory, inventoryPageSchema, { query: { ...tenantQuery(tid), state: 'enrolled', page_size: 0 }, signal })).results
      : skipToken,
    refetchInterval: (q) => (q.state.data?.some((e) => e.config_sync === 'syncing') ? SYNCING_POLL_MS : IDLE_POLL_MS),
  });
}

/** Every enrolled endpoint with its posture, profile, user and configuration sync state. */
export function useEnrolledEndpoints() {
  return useQuery(enrolledEndpointsQueryOptions(useTenantScope()));
}
