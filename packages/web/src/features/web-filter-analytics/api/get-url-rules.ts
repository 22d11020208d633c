import { skipToken, useQuery } from '@tanstack/react-query';
import { urlRulesSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

/** GET reports/url-rules/: each policy and the organisation's lists with what they block or allow and their hits over 7 days. */
export function useUrlRules() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: webFilterKeys.urlRules(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.urlRules, urlRulesSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}
