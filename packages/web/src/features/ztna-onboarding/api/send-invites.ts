import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaInviteBodySchema } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

export type InviteBody = z.input<typeof ztnaInviteBodySchema>;

/** E-mails each address the client downloads and a single-use key of its own. */
export function useSendInvites() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post(ZTNA_PATHS.invites, ztnaInviteBodySchema.parse(body), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ztnaKeys.invites(tid) }),
        // Each invite holds a key of its own.
        queryClient.invalidateQueries({ queryKey: ztnaKeys.enrolmentKeys(tid) }),
      ]),
  });
}
