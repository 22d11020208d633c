import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

/** Deletes a security group; the server takes it out of the overlay access pairs too. */
export function useDeleteSecurityGroup() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ZTNA_PATHS.securityGroup(id), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: overlayKeys.securityGroups(tid) }),
        queryClient.invalidateQueries({ queryKey: overlayKeys.settings(tid) }),
      ]),
  });
}
