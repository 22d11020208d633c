import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS, wafPolicyViewSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

/** Makes an earlier revision's policy the current one (as a new revision). */
export function useRollbackWafPolicy(appId: string | null) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (revisionId: string) => {
      if (!appId) throw new Error('No application chosen');
      return api.post(WAF_PATHS.policyRollback(appId, revisionId), {}, wafPolicyViewSchema, { query: tenantIdQuery(tid) });
    },
    onSuccess: (view) => {
      queryClient.setQueryData(wafKeys.policy(tid, appId), view);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: wafKeys.revisions(tid, appId) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.policyAsCode(tid, appId) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.applications(tid) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.compliance(tid) }),
      ]);
    },
  });
}
