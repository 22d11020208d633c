import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ORG_PATHS, tenantMonitorSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';

function tenantMonitorQueryOptions(tenantId: string | null) {
  return queryOptions({
    queryKey: ['organisations', 'monitor', tenantId] as const,
    // The original asks with a POST {tenant_id} (spec 001 §7 "tenant monitor").
    queryFn: tenantId ? () => api.post(ORG_PATHS.monitor, { tenant_id: tenantId }, tenantMonitorSchema) : skipToken,
  });
}

/** Counts, users and last activity of one tenant (super admin). */
export function useTenantMonitor(tenantId: string | null) {
  return useQuery(tenantMonitorQueryOptions(tenantId));
}
