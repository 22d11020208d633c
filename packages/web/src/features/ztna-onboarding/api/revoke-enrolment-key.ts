import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Revokes a key: no client enrols with it any more; those enrolled stay. */
export function useRevokeEnrolmentKey() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.post(ZTNA_PATHS.revokeKey(id), {}, null, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.enrolmentKeys(tid) }),
  });
}
