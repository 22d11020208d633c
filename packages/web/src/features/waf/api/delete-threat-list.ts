import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

export function useDeleteThreatList() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(WAF_PATHS.threatList(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wafKeys.threatLists(tid) }),
        // A policy that used the list no longer does.
        queryClient.invalidateQueries({ queryKey: ['waf', tid, 'policy'] }),
      ]),
  });
}
