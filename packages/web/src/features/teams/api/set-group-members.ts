import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupMembersBodySchema, groupSchema, ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { groupsKey } from './get-groups';

/** Replaces a group's members (adding and removing are both a new member list). */
export function useSetGroupMembers() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: string; userIds: string[] }) =>
      api.put(ORG_PATHS.groupMembers(id), groupMembersBodySchema.parse({ user_ids: userIds }), groupSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey(tid) }),
  });
}
