import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STATUS_PATHS, deviceStatusSchema, statusRefreshSchema, tenantBgpSchema, tenantTunnelsSchema, type StatusKind } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const key = (tid: string | null, deviceId: string | null, kind: StatusKind) => ['device-status', tid, deviceId, kind] as const;

/** While a fresh snapshot is awaited, the newest one is read every second. */
const STATUS_POLL_MS = 1_000;

export function useDeviceStatus(deviceId: string | null, kind: StatusKind, waiting: boolean) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: key(tid, deviceId, kind),
    queryFn: deviceId ? ({ signal }) => api.get(STATUS_PATHS.snapshot(deviceId, kind), deviceStatusSchema, { query: tidQuery(tid), signal }) : skipToken,
    refetchInterval: waiting ? STATUS_POLL_MS : false,
  });
}

/** Asks the device for a fresh snapshot; it arrives a moment later. */
export function useRefreshStatus(deviceId: string | null, kind: StatusKind) {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(STATUS_PATHS.refresh(deviceId!, kind), {}, statusRefreshSchema, { query: tidQuery(tid) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key(tid, deviceId, kind) }),
  });
}

/** Every gateway's newest BGP snapshot; refreshed while the page is open (gateways send it every minute or so). */
export function useTenantBgp() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['tenant-bgp', tid],
    queryFn: ({ signal }) => api.get(STATUS_PATHS.tenantBgp, tenantBgpSchema, { query: tidQuery(tid), signal }),
    refetchInterval: 30_000,
  });
}

/** Every gateway's IPsec tunnels as last reported; gateways send them every minute or so. */
export function useTenantTunnels() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['tenant-tunnels', tid],
    queryFn: ({ signal }) => api.get(STATUS_PATHS.tenantTunnels, tenantTunnelsSchema, { query: tidQuery(tid), signal }),
    refetchInterval: 30_000,
  });
}
