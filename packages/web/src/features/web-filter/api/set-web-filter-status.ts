import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterStatusBodySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

/** Turns the tenant's web filter on or off (POST webfilter-global/ {status}). */
export function useSetWebFilterStatus() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (status: boolean) => api.post(WEBFILTER_PATHS.global, webFilterStatusBodySchema.parse({ status }), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webFilterKeys.global(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid) }),
      ]),
  });
}
