import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Deletes a profile; its endpoints fall back to a group's profile or the default. */
export function useDeleteEndpointProfile() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ZTNA_PATHS.profile(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ztnaKeys.profiles(tid) }), queryClient.invalidateQueries({ queryKey: ztnaKeys.inventory(tid) })]),
  });
}
