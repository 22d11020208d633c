import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEVICE_PATHS, networkSchema, type Network } from '@netloom/domain';
import { api } from '@/lib/http/client';

const networkListSchema = z.array(networkSchema);

function getNetworks(tenantId: string, signal?: AbortSignal): Promise<Network[]> {
  return api.get(DEVICE_PATHS.networks, networkListSchema, { query: { tid: tenantId }, signal });
}

export function networksQueryOptions(tenantId: string | null) {
  return queryOptions({
    queryKey: ['devices', 'networks', tenantId] as const,
    queryFn: tenantId ? ({ signal }) => getNetworks(tenantId, signal) : skipToken,
  });
}

/** The tenant's device groups for the header selector ('All Device Groups' is added there). */
export const useNetworks = (tenantId: string | null) => useQuery(networksQueryOptions(tenantId));
