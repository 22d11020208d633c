import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { inviteRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const inviteListSchema = z.array(inviteRowSchema);
export type InviteRow = z.infer<typeof inviteRowSchema>;

function invitesQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.invites(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.invites, inviteListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** Users invited to install the client, and whether each has enrolled yet. */
export function useInvites() {
  return useQuery(invitesQueryOptions(useTenantScope()));
}
