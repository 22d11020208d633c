import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafApplicationSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

const SYNC_POLL_MS = 3_000;

const applicationListSchema = z.array(wafApplicationSchema);

function wafApplicationsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: wafKeys.applications(tid),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.domains, applicationListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // An application whose edges are taking its newest policy is followed until they have it.
    refetchInterval: (q) => (q.state.data?.some((a) => a.sync_state === 'syncing') ? SYNC_POLL_MS : false),
  });
}

/** The tenant's protected applications (the spec's onboarded domains). */
export function useWafApplications() {
  return useQuery(wafApplicationsQueryOptions(useTenantScope()));
}
