import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { urlDiscoveryBodySchema } from '@netloom/domain';
import { urlDiscoveryPageSchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

export type UrlDiscoveryRequest = Omit<z.input<typeof urlDiscoveryBodySchema>, 'tenant_id'>;

/** POST reports/url-discovery/: uncategorised domains seen in the window, most requested first, one page. */
export function useUrlDiscovery(request: UrlDiscoveryRequest) {
  const tid = useTenantScope();
  const body = { ...request, tenant_id: tid ?? undefined };
  return useQuery({
    queryKey: webFilterKeys.urlDiscovery(tid, body),
    queryFn: tid ? ({ signal }) => api.post(WEBFILTER_PATHS.urlDiscovery, body, urlDiscoveryPageSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
