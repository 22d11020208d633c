import { useMutation } from '@tanstack/react-query';
import { testUrlBodySchema, testUrlResultSchema, WEBFILTER_PATHS } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';

export type TestUrlBody = z.input<typeof testUrlBodySchema>;

/** Asks what the web filter would do with a URL for a user or an endpoint, now (POST webfilter-policy/test/). */
export function useTestUrl() {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: TestUrlBody) => api.post(WEBFILTER_PATHS.test, testUrlBodySchema.parse(body), testUrlResultSchema, { query: tenantIdQuery(tid) }),
  });
}
