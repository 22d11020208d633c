import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { RUM_PATHS, rumAlertInputSchema, rumAlertPatchSchema, rumAlertSchema, type RumAlertInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { rumKeys } from './rum-keys';

const listSchema = z.array(rumAlertSchema);

/** The tenant's vital alerts (every site's: the page shows the chosen site's). */
export function useRumAlerts() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: rumKeys.alerts(tid),
    queryFn: ({ signal }) => api.get(RUM_PATHS.alerts, listSchema, { query: tidQuery(tid), signal }),
  });
}

/** Creates an alert, or changes one's threshold, window or switch when an id is given. */
export function useSaveRumAlert() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: RumAlertInput }) => {
      const opts = { query: tidQuery(tid) };
      if (!id) return api.post(RUM_PATHS.alerts, rumAlertInputSchema.parse(input), rumAlertSchema, opts);
      const { threshold, window_minutes, enabled } = input;
      return api.patch(RUM_PATHS.alert(id), rumAlertPatchSchema.parse({ threshold, window_minutes, enabled }), rumAlertSchema, opts);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rumKeys.alerts(tid) }),
  });
}

export function useDeleteRumAlert() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(RUM_PATHS.alert(id), null, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rumKeys.alerts(tid) }),
  });
}
