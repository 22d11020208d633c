import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NDR_PATHS, ndrDetectionPatchSchema, ndrDetectionRowSchema, type NdrDetectionPatch } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ndrKeys } from './ndr-keys';

/**
 * Triage of a detection: acknowledge, resolve, false positive (the rule stays silent for the host,
 * so the rules change too), reopen, assign.
 */
export function useTriageNdrDetection(id: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (patch: NdrDetectionPatch) =>
      api.patch(NDR_PATHS.detection(id), ndrDetectionPatchSchema.parse(patch), ndrDetectionRowSchema, { query: tenantIdQuery(tid) }),
    onSuccess: (_row, patch) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ndrKeys.detections(tid) }),
        // A false positive adds a suppression to its rule; reopening one lifts it.
        ...(patch.status === 'false_positive' || patch.status === 'new' ? [queryClient.invalidateQueries({ queryKey: ndrKeys.rules(tid) })] : []),
      ]),
  });
}
