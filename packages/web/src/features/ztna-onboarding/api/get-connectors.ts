import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { connectorRowSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const connectorListSchema = z.array(connectorRowSchema);
export type ConnectorRow = z.infer<typeof connectorRowSchema>;
/** Connectors report their health about this often; the list follows (spec 000 §9 live poll 10 s). */
const CONNECTOR_POLL_MS = 10_000;

function connectorsQueryOptions(tid: string | null) {
  return queryOptions({
    queryKey: ztnaKeys.connectors(tid),
    queryFn: tid ? ({ signal }) => api.get(ZTNA_PATHS.connectors, connectorListSchema, { query: tenantIdQuery(tid), signal }) : skipToken,
    refetchInterval: CONNECTOR_POLL_MS,
  });
}

/** The app connectors with their health as they last reported it. */
export function useConnectors() {
  return useQuery(connectorsQueryOptions(useTenantScope()));
}
