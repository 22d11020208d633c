import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SCIM_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { scimTokensKey } from './scim-keys';

/** Revokes a token: the provider holding it is refused from its next call; the people it provisioned stay. */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(SCIM_PATHS.token(id), null, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensKey(tid) }),
  });
}
