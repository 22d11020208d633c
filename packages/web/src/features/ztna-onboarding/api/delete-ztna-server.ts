import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Stops publishing a server. */
export function useDeleteZtnaServer() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ZTNA_PATHS.server(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ztnaKeys.servers(tid) }), queryClient.invalidateQueries({ queryKey: ztnaKeys.connectors(tid) })]),
  });
}
