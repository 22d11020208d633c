import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { relayRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

const relayListSchema = z.array(relayRowSchema);
export type RelayRow = z.infer<typeof relayRowSchema>;

/** Health comes from what the clients measure: the list is read again now and then while the page is open. */
const HEALTH_POLL_MS = 30_000;

function relaysQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: overlayKeys.relays(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.relays, relayListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: HEALTH_POLL_MS,
  });
}

/** The overlay mesh servers (relays) with their health. */
export function useRelays() {
  return useQuery(relaysQueryOptions(useTenantScope()));
}
