import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTNA_PATHS, ztnaServerSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';

const serverListSchema = z.array(ztnaServerSchema);

function ztnaServersQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: demKeys.ztnaServers(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.servers, serverListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's private applications (ZTNA servers) a monitored application may name as its target. */
export function useDemZtnaServers() {
  return useQuery(ztnaServersQueryOptions(useTenantScope()));
}
