import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { groupsKey } from './get-groups';

/** Deletes a group; its users stay in the organisation. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(ORG_PATHS.group(id), null, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKey(tid) }),
  });
}
