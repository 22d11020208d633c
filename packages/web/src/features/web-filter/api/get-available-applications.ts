import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { availableApplicationSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

const applicationListSchema = z.array(availableApplicationSchema);

function availableApplicationsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: webFilterKeys.applications(tid),
    queryFn: tid ? ({ signal }) => api.get(WEBFILTER_PATHS.applications, applicationListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    // The application signatures ship with the server, like the categories.
    staleTime: 60 * 60_000,
  });
}

export function useAvailableApplications() {
  return useQuery(availableApplicationsQueryOptions(useTenantScope()));
}
