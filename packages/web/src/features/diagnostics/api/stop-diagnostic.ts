import { useMutation } from '@tanstack/react-query';
import { DIAGNOSTIC_PATHS, diagnosticRunSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

/** Asks the gateway to stop the run; its end comes on the live feed once the device has stopped. */
export function useStopDiagnostic(deviceId: string | null) {
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (runId: string) => api.post(DIAGNOSTIC_PATHS.stop(deviceId!, runId), {}, diagnosticRunSchema, { query: tidQuery(tid) }),
  });
}
