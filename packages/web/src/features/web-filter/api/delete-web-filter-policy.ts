import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBFILTER_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

export function useDeleteWebFilterPolicy() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(WEBFILTER_PATHS.policy(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webFilterKeys.policies(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.customList(tid) }),
      ]),
  });
}
