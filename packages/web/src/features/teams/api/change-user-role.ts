import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS, roleChangeBodySchema, teamUserSchema, type Role } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { teamUsersKey } from './get-team-users';

/** Changes a member's role; the server refuses demoting the last owner and changing oneself. */
export function useChangeUserRole() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.put(ORG_PATHS.user(id), roleChangeBodySchema.parse({ role }), teamUserSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamUsersKey(tid) }),
  });
}
