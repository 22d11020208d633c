import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availableCategorySchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

const categoriesSchema = z.array(availableCategorySchema);

/** The categories a domain can belong to (for the logs' filter and the discovery report's 'Add to category'). */
export function useAvailableCategories(enabled = true) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: webFilterKeys.categories(tid),
    queryFn: tid && enabled ? ({ signal }) => api.get(WEBFILTER_PATHS.categories, categoriesSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // The catalogue changes with a release, not while a page is open.
    staleTime: 10 * 60_000,
  });
}
