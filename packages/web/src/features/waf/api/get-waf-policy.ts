import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WAF_PATHS, wafPolicyViewSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

const SYNC_POLL_MS = 3_000;

export function wafPolicyQueryOptions(tid: string | null, appId: string | null) {
  return queryOptions({
    queryKey: wafKeys.policy(tid, appId),
    queryFn: tid && appId ? ({ signal }) => api.get(WAF_PATHS.policy(appId), wafPolicyViewSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // While the edges take a new revision, the page follows them until they confirm it.
    refetchInterval: (q) =>
      q.state.data && (q.state.data.sync_state === 'syncing' || q.state.data.edges.some((e) => e.sync_state === 'syncing')) ? SYNC_POLL_MS : false,
  });
}

/** An application's policy, its revision and how its serving edges stand with it. */
export function useWafPolicy(appId: string | null) {
  return useQuery(wafPolicyQueryOptions(useTenantScope(), appId));
}
