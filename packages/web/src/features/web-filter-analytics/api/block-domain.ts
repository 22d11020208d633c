import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { discoveryBlockBodySchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

export type BlockDomainInput = z.input<typeof discoveryBlockBodySchema>;

/**
 * POST reports/url-discovery/block/ {domain}: the domain joins the organisation's blocked list, so
 * the discovery rows and the reports that list custom URLs are read again.
 */
export function useBlockDomain() {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockDomainInput) =>
      api.post(WEBFILTER_PATHS.discoveryBlock, discoveryBlockBodySchema.parse(input), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webFilterKeys.urlDiscoveryAll(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.customUrls(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.urlRules(tid) }),
      ]),
  });
}
