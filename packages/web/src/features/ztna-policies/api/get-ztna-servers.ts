import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTNA_PATHS, ztnaServerSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { policyKeys } from './policy-keys';

const serverListSchema = z.array(ztnaServerSchema);

function ztnaServersQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: policyKeys.servers(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.servers, serverListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The private applications (servers) a policy names, and their sites. */
export function useZtnaServers() {
  return useQuery(ztnaServersQueryOptions(useTenantScope()));
}
