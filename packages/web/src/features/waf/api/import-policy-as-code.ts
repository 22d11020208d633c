import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS, wafPolicyAsCodeSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

/** Replaces an application's policy by a YAML document (a new revision); the server says what in it is wrong. */
export function useImportPolicyAsCode(appId: string | null) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (yaml: string) => {
      if (!appId) throw new Error('No application chosen');
      return api.put(WAF_PATHS.policyAsCode(appId), wafPolicyAsCodeSchema.parse({ yaml }), null, { query: tenantIdQuery(tid) });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wafKeys.policy(tid, appId) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.revisions(tid, appId) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.policyAsCode(tid, appId) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.applications(tid) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.compliance(tid) }),
      ]),
  });
}
