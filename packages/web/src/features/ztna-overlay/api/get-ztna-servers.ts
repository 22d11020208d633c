import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTNA_PATHS, ztnaServerSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys, tenantQuery } from './overlay-keys';

const serverListSchema = z.array(ztnaServerSchema);

function ztnaServersQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.servers(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.servers, serverListSchema, { query: tenantQuery(tid), signal }) : skipToken,
  });
}

/** The private applications with their data protection controls. */
export function useZtnaServers() {
  return useQuery(ztnaServersQueryOptions(useTenantScope()));
}
