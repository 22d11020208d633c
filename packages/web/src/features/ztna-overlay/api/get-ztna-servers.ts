import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZTNA_PATHS, ztnaServerSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

const serverListSchema = z.array(ztnaServerSchema);

function ztnaServersQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.servers(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.servers, serverListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The private applications with their data protection controls. */
export function useZtnaServers() {
  return useQuery(ztnaServersQueryOptions(useTenantScope()));
}
