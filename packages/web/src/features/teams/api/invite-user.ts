import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteBodySchema, ORG_PATHS, teamUserSchema, type InviteBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { teamUsersKey } from './get-team-users';

/** The invite form's rules: the server's own schema. */
export const inviteFormSchema = inviteBodySchema;

/** Invites a user by e-mail with a role; the server sends the activation link. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: InviteBody) => api.post(ORG_PATHS.users, inviteBodySchema.parse(body), teamUserSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamUsersKey(tid) }),
  });
}
