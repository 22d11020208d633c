import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { IOT_PATHS, iotForwardRuleInputSchema, iotForwardRuleSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { iotKeys } from './iot-keys';

export type IotForwardRuleInput = z.input<typeof iotForwardRuleInputSchema>;

const CLEARED = { value_path: null, unit: null, device_wildcard: null } as const;

/** Adds a forwarding rule, or changes one when an id is given (its place in the list included). */
export function useSaveIotForwardRule() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: IotForwardRuleInput }) => {
      const body = iotForwardRuleInputSchema.parse(input);
      const opts = { query: tenantIdQuery(tid) };
      // An edit is the whole form: an optional field left empty clears what the rule had.
      if (id) return api.patch(IOT_PATHS.forwardRule(id), { ...CLEARED, ...body }, iotForwardRuleSchema, opts);
      return api.post(IOT_PATHS.forwardRules, body, iotForwardRuleSchema, opts);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: iotKeys.forwardRules(tid) }),
  });
}
