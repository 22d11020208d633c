import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { relayRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const relayListSchema = z.array(relayRowSchema);

function relaysQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.relays(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.relays, relayListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
  });
}

/** The overlay mesh servers (relays) a profile may name, with their region and health. */
export function useRelays() {
  return useQuery(relaysQueryOptions(useTenantScope()));
}
