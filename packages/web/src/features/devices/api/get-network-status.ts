import { useQueries } from '@tanstack/react-query';
import { DEVICE_PATHS, tenantInfoSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** How each device group stands now (GET network/status-monitor/{id}/): one query per group, in the groups' order. */
export function useNetworkStatuses(networkIds: readonly string[]) {
  const tid = useTenantScope();
  return useQueries({
    queries: networkIds.map((id) => ({
      queryKey: ['devices', 'network-status', tid, id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get(DEVICE_PATHS.networkStatus(id), tenantInfoSchema, { query: tidQuery(tid), signal }),
      // The monitor is a live view: the counts follow the fleet without a reload.
      refetchInterval: 15_000,
    })),
  });
}
