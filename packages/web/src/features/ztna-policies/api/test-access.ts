import { useMutation } from '@tanstack/react-query';
import { accessTestBodySchema, accessTestResultSchema, ZTNA_PATHS } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

export type AccessTestBody = z.input<typeof accessTestBodySchema>;

/** What the policies decide now for one user or endpoint and one server (POST tenant/ztna/policies/test/). */
export function useTestAccess() {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: AccessTestBody) => api.post(ZTNA_PATHS.test, accessTestBodySchema.parse(body), accessTestResultSchema, { query: tenantIdQuery(tid) }),
  });
}
