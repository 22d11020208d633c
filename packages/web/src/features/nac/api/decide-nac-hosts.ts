import { useMutation, useQueryClient } from '@tanstack/react-query';
import { nacDecisionBodySchema, ZTNA_PATHS } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { nacKeys } from './nac-keys';

export type NacDecisionBody = z.input<typeof nacDecisionBodySchema>;

/** Allows, blocks or quarantines hosts; the gateways get it as configuration (POST tenant/nac/hosts/decide/). */
export function useDecideNacHosts() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: NacDecisionBody) => api.post(ZTNA_PATHS.nacDecide, nacDecisionBodySchema.parse(body), null, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nacKeys.hostsAll(tid) }),
  });
}
