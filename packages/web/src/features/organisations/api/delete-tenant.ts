import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS, tenantDeleteBodySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantSelection } from '@/lib/tenant-selection';
import { CUSTOMERS_KEY, TENANTS_KEY } from './save-tenant';

/** Deletes a tenant with everything in it; the typed name is the server's confirmation too. */
export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: string }) =>
      api.delete(ORG_PATHS.tenant(id), null, undefined, tenantDeleteBodySchema.parse({ confirm })),
    onSuccess: (_answer, { id }) => {
      // The super admin was working inside the tenant that no longer exists.
      if (tenantSelection.get()?.id === id) tenantSelection.clear();
      void queryClient.invalidateQueries({ queryKey: TENANTS_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
}
