import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NDR_PATHS, ndrRulePatchSchema, ndrRuleRowSchema, type NdrRulePatch } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ndrKeys } from './ndr-keys';

/** Turns a rule on or off, replaces the organisation's parameters of it, or its suppressions (lifting one sends the list without it). */
export function useUpdateNdrRule() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ ruleId, patch }: { ruleId: string; patch: NdrRulePatch }) =>
      api.patch(NDR_PATHS.rule(ruleId), ndrRulePatchSchema.parse(patch), ndrRuleRowSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ndrKeys.rules(tid) }),
  });
}
