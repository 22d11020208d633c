import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, threatListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

const threatListsSchema = z.array(threatListSchema);
export type ThreatList = z.infer<typeof threatListSchema>;

function threatListsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: wafKeys.threatLists(tid),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.threatLists, threatListsSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The tenant's threat-intel lists (uploaded or fetched from a URL). */
export function useThreatLists() {
  return useQuery(threatListsQueryOptions(useTenantScope()));
}
