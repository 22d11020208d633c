import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { discoveryCategoriseBodySchema, WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './query-keys';

export type CategoriseDomainInput = z.input<typeof discoveryCategoriseBodySchema>;

/** POST reports/url-discovery/categorise/ {domain, category}: the domain is no longer undiscovered, so the report is read again. */
export function useCategoriseDomain() {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoriseDomainInput) =>
      api.post(WEBFILTER_PATHS.discoveryCategorise, discoveryCategoriseBodySchema.parse(input), null, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webFilterKeys.urlDiscoveryAll(tid) }),
  });
}
