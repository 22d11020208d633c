import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { reachBodySchema, reachRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

export type ReachBody = z.input<typeof reachBodySchema>;
const reachListSchema = z.array(reachRowSchema);

/** Every enrolled endpoint (with its user) and what it would get for one server now (POST tenant/ztna/policies/reach/). */
export function useReach() {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: ReachBody) => api.post(ZTNA_PATHS.reach, reachBodySchema.parse(body), reachListSchema, { query: tenantIdQuery(tid) }),
  });
}
