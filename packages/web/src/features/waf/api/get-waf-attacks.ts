import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { WAF_PATHS, wafAttackPageSchema, type wafAttackQuerySchema, type wafAttackRowSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { downloadFile } from '@/lib/http/download-file';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

export type WafAttackQuery = Omit<Partial<z.infer<typeof wafAttackQuerySchema>>, 'tenant_id'>;
export type WafAttackRow = z.infer<typeof wafAttackRowSchema>;

function wafAttacksQueryOptions(tid: string | null, query: WafAttackQuery) {
  return queryOptions({
    queryKey: wafKeys.attacks(tid, query),
    queryFn: tid ? ({ signal }) => api.get(WAF_PATHS.attacks, wafAttackPageSchema, { query: { ...query, ...tenantIdQuery(tid) }, signal }) : skipToken,
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** One page of attack events, filtered and paged by the server. */
export function useWafAttacks(query: WafAttackQuery) {
  return useQuery(wafAttacksQueryOptions(useTenantScope(), query));
}

/** The CSV of every attack of the filter (not only the page shown). */
export function downloadWafAttacks(tid: string | null, query: WafAttackQuery) {
  const { page: _page, page_size: _size, ...filters } = query;
  return downloadFile(WAF_PATHS.attacksExport, 'waf-attacks.csv', { ...filters, ...tenantIdQuery(tid) });
}
