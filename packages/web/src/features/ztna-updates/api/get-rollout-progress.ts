import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { rolloutProgressRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const progressListSchema = z.array(rolloutProgressRowSchema);
export type RolloutProgressRow = z.infer<typeof rolloutProgressRowSchema>;

function rolloutProgressQueryOptions(tid: string | null, id: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.progress(tid, id ?? ''),
    queryFn: tid && id ? ({ signal }) => api.get(ZTNA_PATHS.rolloutProgress(id), progressListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: 15_000,
  });
}

/** Each targeted endpoint of a rollout: its version and whether it is updated, pending or not in the stage yet. */
export function useRolloutProgress(id: string | null) {
  return useQuery(rolloutProgressQueryOptions(useTenantScope(), id));
}
