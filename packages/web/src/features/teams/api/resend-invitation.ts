import { useMutation } from '@tanstack/react-query';
import { detailSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** Sends a pending user's activation link again; nothing in the list changes. */
export function useResendInvitation() {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.post(ORG_PATHS.userResend(id), {}, detailSchema, { query: tidQuery(tid) }),
  });
}
