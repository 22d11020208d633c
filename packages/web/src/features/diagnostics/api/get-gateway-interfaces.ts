import { skipToken, useQuery } from '@tanstack/react-query';
import { CONFIG_PATHS, deviceConfigSchema, vlanIfname } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** The interfaces of the gateway's configuration (LANs, VLANs, WANs): what a diagnostic may run on. */
export function useGatewayInterfaces(deviceId: string | null) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['diagnostics', tid, deviceId, 'interfaces'],
    queryFn: deviceId ? ({ signal }) => api.get(CONFIG_PATHS.document(deviceId), deviceConfigSchema, { query: tidQuery(tid), signal }) : skipToken,
    select: (config) => {
      const i = config.document.interfaces;
      return i ? [...i.lan.map((l) => l.name), ...i.vlans.map(vlanIfname), ...i.wan.map((w) => w.name)] : [];
    },
  });
}
