import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLOW_EXPORTER_PATHS, flowExporterSchema, type FlowExporter } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { flowExporterKey } from './get-flow-exporter';

/** Sets or clears (null) the device's exporter address; a clash with another device is the server's 409 on the field. */
export function useSetFlowExporter(deviceId: string) {
  const qc = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: FlowExporter) => api.put(FLOW_EXPORTER_PATHS.device(deviceId), body, flowExporterSchema, { query: tidQuery(tid) }),
    onSuccess: (saved) => qc.setQueryData(flowExporterKey(tid, deviceId), saved),
  });
}
