import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEM_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';

/** Stops monitoring an application: the endpoints drop its tests. */
export function useDeleteDemApplication() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(DEM_PATHS.application(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: demKeys.applications(tid) }), queryClient.invalidateQueries({ queryKey: demKeys.measured(tid) })]),
  });
}
