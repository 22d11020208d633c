import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaSettingsSchema, type ZtnaSettings } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

/** Replaces the overlay settings (both parts: a form sends the other part as it was read). */
export function useSaveZtnaSettings() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (settings: ZtnaSettings) => api.put(ZTNA_PATHS.settings, ztnaSettingsSchema.parse(settings), ztnaSettingsSchema, { query: tenantIdQuery(tid) }),
    onSuccess: (saved) => queryClient.setQueryData(overlayKeys.settings(tid), saved),
  });
}
