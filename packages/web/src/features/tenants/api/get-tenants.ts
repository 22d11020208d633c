import { queryOptions, useQuery } from '@tanstack/react-query';
import { TENANT_PATHS, tenantListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

/** Every tenant (super admin only); page_size=0 asks for all rows (spec 001 §7). */
const tenantsQueryOptions = () =>
  queryOptions({
    queryKey: ['tenants', 'list'],
    queryFn: ({ signal }) => api.get(TENANT_PATHS.list, tenantListSchema, { query: { page_size: 0 }, signal }),
  });

export function useTenants(enabled = true) {
  return useQuery({ ...tenantsQueryOptions(), enabled });
}
