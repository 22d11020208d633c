import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availableCategorySchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

const categoryListSchema = z.array(availableCategorySchema);
export type AvailableCategory = z.infer<typeof availableCategorySchema>;

function availableCategoriesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.categories(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.categories, categoryListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // The category database ships with the server: it changes with a release, not while a page is open.
    staleTime: 60 * 60_000,
  });
}

export function useAvailableCategories() {
  return useQuery(availableCategoriesQueryOptions(useTenantScope()));
}
