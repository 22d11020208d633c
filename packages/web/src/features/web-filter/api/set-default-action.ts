import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBFILTER_PATHS, webFilterActionBodySchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { webFilterKeys } from './web-filter-keys';

/** Blocks or allows what no policy decides (POST webfilter-global/set-action/). */
export function useSetDefaultAction() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      api.post(WEBFILTER_PATHS.setAction, webFilterActionBodySchema.parse({ default_action_blocked: blocked }), null, { query: tenantIdQuery(tid) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webFilterKeys.action(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.global(tid) }),
        queryClient.invalidateQueries({ queryKey: webFilterKeys.endpoints(tid) }),
      ]),
  });
}
