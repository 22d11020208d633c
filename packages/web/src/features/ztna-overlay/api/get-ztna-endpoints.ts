import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { inventoryPageSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

function ztnaEndpointsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.endpoints(tid),
    queryFn: tid
      ? async ({ signal }) => (await api.get(ZTNA_PATHS.inventory, inventoryPageSchema, { query: { ...tenantIdQuery(tid), page_size: 0 }, signal })).results
      : skipToken,
  });
}

/** Every enrolled endpoint, to put in a security group by hand. */
export function useZtnaEndpoints() {
  return useQuery(ztnaEndpointsQueryOptions(useTenantScope()));
}
