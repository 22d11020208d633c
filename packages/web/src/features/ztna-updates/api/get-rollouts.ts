import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { rolloutRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const rolloutListSchema = z.array(rolloutRowSchema);
export type RolloutRow = z.infer<typeof rolloutRowSchema>;
/** Clients report their version with each heartbeat: the progress moves while the page is open. */
const ROLLOUT_POLL_MS = 15_000;

function rolloutsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.rollouts(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.rollouts, rolloutListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: ROLLOUT_POLL_MS,
  });
}

/** The staged rollouts with how many endpoints each targets, holds in its stage and has updated. */
export function useRollouts() {
  return useQuery(rolloutsQueryOptions(useTenantScope()));
}
