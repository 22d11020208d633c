import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafPolicyRevisionSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

const revisionListSchema = z.array(wafPolicyRevisionSchema);

function policyRevisionsQueryOptions(tid: string | null, appId: string | null) {
  return queryOptions({
    queryKey: wafKeys.revisions(tid, appId),
    queryFn: tid && appId ? ({ signal }) => api.get(WAF_PATHS.policyRevisions(appId), revisionListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** An application's policy revisions, newest first. */
export function useWafPolicyRevisions(appId: string | null) {
  return useQuery(policyRevisionsQueryOptions(useTenantScope(), appId));
}
