import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configPreferenceBodySchema, configPreferenceSchema, ORG_PATHS, type ConfigPreferenceBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { configPreferenceKey } from './get-config-preference';

function saveConfigPreference(tid: string | null, body: ConfigPreferenceBody) {
  return api.post(ORG_PATHS.configPreference, configPreferenceBodySchema.parse(body), configPreferenceSchema, { query: tidQuery(tid) });
}

/**
 * Saves one or more settings. The answer is the whole stored preference, which replaces the cache;
 * the dashboard configuration carries the same flags, so it is re-read too.
 */
export function useSaveConfigPreference() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: ConfigPreferenceBody) => saveConfigPreference(tid, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(configPreferenceKey(tid), saved);
      // The header and the dashboards read the flags from the tenant's dashboard configuration.
      void queryClient.invalidateQueries({ queryKey: ['tenants', 'dashboard-config'] });
    },
  });
}
