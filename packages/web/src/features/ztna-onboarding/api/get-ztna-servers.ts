import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTNA_PATHS, ztnaServerSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const serverListSchema = z.array(ztnaServerSchema);

function ztnaServersQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.servers(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.servers, serverListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The private applications (servers) the tenant publishes. */
export function useZtnaServers() {
  return useQuery(ztnaServersQueryOptions(useTenantScope()));
}
