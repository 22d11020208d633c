import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS, teamUserSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { teamUsersKey } from './get-team-users';

/** Activates or deactivates a user; a deactivated user's sessions end at once. */
export function useSetUserActive() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.post(active ? ORG_PATHS.userActivate(id) : ORG_PATHS.userDeactivate(id), {}, teamUserSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamUsersKey(tid) }),
  });
}
