import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { teamUsersKey } from './get-team-users';
import { groupsKey } from './get-groups';

/** Removes a user from the organisation (and so from its groups). */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ORG_PATHS.user(id), null, { query: tidQuery(tid) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamUsersKey(tid) });
      void queryClient.invalidateQueries({ queryKey: groupsKey(tid) });
    },
  });
}
