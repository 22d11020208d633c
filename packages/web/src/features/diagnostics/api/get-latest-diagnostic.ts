import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { DIAGNOSTIC_PATHS, latestDiagnosticSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

export const latestDiagnosticKey = (tid: string | null, deviceId: string | null) => ['diagnostics', tid, deviceId, 'latest'] as const;

function latestDiagnosticQueryOptions(tid: string | null, deviceId: string | null) {
  return queryOptions({
    queryKey: latestDiagnosticKey(tid, deviceId),
    queryFn: deviceId ? ({ signal }) => api.get(DIAGNOSTIC_PATHS.device(deviceId), latestDiagnosticSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

/** The gateway's newest diagnostic with its output so far (a page opened late or reloaded starts from it). */
export function useLatestDiagnostic(deviceId: string | null) {
  const tid = useTenantScope();
  return useQuery(latestDiagnosticQueryOptions(tid, deviceId));
}
