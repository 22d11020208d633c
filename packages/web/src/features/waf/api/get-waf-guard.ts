import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { WAF_PATHS, wafAuthAbuseViewSchema, wafGraphqlViewSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import type { WafWindowQuery } from './get-waf-summary';
import { wafKeys } from './waf-keys';

function graphqlQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.graphql(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.graphql, wafGraphqlViewSchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
  });
}

function authAbuseQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.authAbuse(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.authAbuse, wafAuthAbuseViewSchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
  });
}

/** The GraphQL operations the edges' API guard saw over a window, and what it refused. */
export function useWafGraphql(query: WafWindowQuery) {
  return useQuery(graphqlQueryOptions(useTenantScope(), query));
}

/** Login attempts over a window: endpoints, clients, accounts under attack and login protection's detections. */
export function useWafAuthAbuse(query: WafWindowQuery) {
  return useQuery(authAbuseQueryOptions(useTenantScope(), query));
}
