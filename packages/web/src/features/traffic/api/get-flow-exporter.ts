import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { FLOW_EXPORTER_PATHS, flowExporterSchema, type FlowExporter } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

export const flowExporterKey = (tid: string | null, deviceId: string | null) => ['flow-exporter', tid, deviceId] as const;

function getFlowExporter(tid: string, deviceId: string, signal?: AbortSignal): Promise<FlowExporter> {
  return api.get(FLOW_EXPORTER_PATHS.device(deviceId), flowExporterSchema, { query: tidQuery(tid), signal });
}

function flowExporterQueryOptions(tid: string | null, deviceId: string | null) {
  return queryOptions({
    queryKey: flowExporterKey(tid, deviceId),
    queryFn: tid && deviceId ? ({ signal }) => getFlowExporter(tid, deviceId, signal) : skipToken,
  });
}

/** The source address whose NetFlow v9 / IPFIX export counts as the device's traffic. */
export function useFlowExporter(deviceId: string | null) {
  return useQuery(flowExporterQueryOptions(useTenantScope(), deviceId));
}
