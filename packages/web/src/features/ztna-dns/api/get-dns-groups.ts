import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dnsGroupSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const dnsGroupListSchema = z.array(dnsGroupSchema);

function dnsGroupsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.dnsGroups(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.dnsGroups, dnsGroupListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The nameserver groups, in the order clients try them. */
export function useDnsGroups() {
  return useQuery(dnsGroupsQueryOptions(useTenantScope()));
}
