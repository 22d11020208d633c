import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

export function useDeleteWafApplication() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(WAF_PATHS.domain(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wafKeys.applications(tid) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.edges(tid) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.compliance(tid) }),
      ]),
  });
}
