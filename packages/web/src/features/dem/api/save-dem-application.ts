import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEM_PATHS, demApplicationInputSchema, demApplicationSchema, type DemApplicationInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { demKeys } from './dem-keys';

/** Adds a monitored application, or changes one when an id is given (its tests reach the endpoints as configuration). */
export function useSaveDemApplication() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DemApplicationInput }) => {
      const body = demApplicationInputSchema.parse(input);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.patch(DEM_PATHS.application(id), body, demApplicationSchema, opts) : api.post(DEM_PATHS.applications, body, demApplicationSchema, opts);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: demKeys.applications(tid) }),
        // A renamed application shows under its new name in every score.
        queryClient.invalidateQueries({ queryKey: demKeys.measured(tid) }),
      ]),
  });
}
