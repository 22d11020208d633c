import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DIAGNOSTIC_PATHS, diagnosticRunSchema, type DiagnosticParams } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { latestDiagnosticKey } from '@/features/diagnostics/api/get-latest-diagnostic';

/** Starts a diagnostic on the gateway: the new run becomes its newest, its output follows on the live feed. */
export function useStartDiagnostic(deviceId: string | null) {
  const tid = useTenantScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: DiagnosticParams) => api.post(DIAGNOSTIC_PATHS.device(deviceId!), params, diagnosticRunSchema, { query: tidQuery(tid) }),
    onSuccess: (run) => queryClient.setQueryData(latestDiagnosticKey(tid, deviceId), { run }),
  });
}
