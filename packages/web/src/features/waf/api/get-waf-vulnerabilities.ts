import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { WAF_PATHS, wafVulnerabilityRowSchema, type wafWindowQuerySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

type WafWindowQuery = Omit<Partial<z.infer<typeof wafWindowQuerySchema>>, 'tenant_id'>;

function wafVulnerabilitiesQueryOptions(tid: string | null, query: WafWindowQuery) {
  return queryOptions({
    queryKey: wafKeys.vulnerabilities(tid, query),
    queryFn: tid
      ? ({ signal }) => api.get(WAF_PATHS.vulnerabilities, wafVulnerabilityRowSchema.array(), { query: { ...query, ...tenantIdQuery(tid) }, signal })
      : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** The weaknesses attacked on each path of the applications over the window. */
export function useWafVulnerabilities(query: WafWindowQuery) {
  return useQuery(wafVulnerabilitiesQueryOptions(useTenantScope(), query));
}
