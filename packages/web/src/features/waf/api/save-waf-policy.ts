import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS, wafPolicyBodySchema, wafPolicyViewSchema, type WafPolicy } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

/** Saves an application's whole policy as a new revision, with what changed in `message`. */
export function useSaveWafPolicy(appId: string | null) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ policy, message }: { policy: WafPolicy; message: string }) => {
      if (!appId) throw new Error('No application chosen');
      const body = wafPolicyBodySchema.parse({ policy, message });
      return api.put(WAF_PATHS.policy(appId), body, wafPolicyViewSchema, { query: tenantIdQuery(tid) });
    },
    onSuccess: (view) => {
      queryClient.setQueryData(wafKeys.policy(tid, appId), view);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: wafKeys.revisions(tid, appId) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.policyAsCode(tid, appId) }),
        // The list shows each application's mode and sync state; compliance follows the policy.
        queryClient.invalidateQueries({ queryKey: wafKeys.applications(tid) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.compliance(tid) }),
      ]);
    },
  });
}
