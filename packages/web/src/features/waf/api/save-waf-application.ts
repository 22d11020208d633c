import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS, wafApplicationInputSchema, wafApplicationSchema, type WafApplicationInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

/** Onboards an application, or changes one when an id is given. */
export function useSaveWafApplication() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: WafApplicationInput }) => {
      const body = wafApplicationInputSchema.parse(input);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(WAF_PATHS.domain(id), body, wafApplicationSchema, opts) : api.post(WAF_PATHS.domains, body, wafApplicationSchema, opts);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: wafKeys.applications(tid) }),
        // An application's edges change what each edge serves (its count and sync state).
        queryClient.invalidateQueries({ queryKey: wafKeys.edges(tid) }),
        queryClient.invalidateQueries({ queryKey: wafKeys.compliance(tid) }),
      ]),
  });
}
