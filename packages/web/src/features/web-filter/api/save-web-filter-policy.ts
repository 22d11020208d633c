import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterPolicyInputSchema, webFilterPolicySchema, type WebFilterPolicyInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

/** Creates a policy (at the end of the list unless `order` says where), or replaces one when an id is given. */
export function useSaveWebFilterPolicy() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, policy }: { id?: string; policy: WebFilterPolicyInput }) => {
      const body = webFilterPolicyInputSchema.parse(policy);
      const opts = { query: tenantIdQuery(tid) };
      return id
        ? api.put(WEBFILTER_PATHS.policy(id), body, webFilterPolicySchema, opts)
        : api.post(WEBFILTER_PATHS.policies, body, webFilterPolicySchema, opts);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webFilterKeys.policies(tid) }),
        // A change reaches the endpoints as a new configuration: their sync state moves.
        queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.customList(tid) }),
      ]),
  });
}
