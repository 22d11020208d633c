import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { WAF_PATHS, threatListInputSchema, threatListSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

export type ThreatListInput = z.input<typeof threatListInputSchema>;

export function useCreateThreatList() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: ThreatListInput) =>
      api.post(WAF_PATHS.threatLists, threatListInputSchema.parse(input), threatListSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wafKeys.threatLists(tid) }),
  });
}
