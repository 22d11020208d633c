import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointProfileSchema, ZTNA_PATHS, type EndpointProfile } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/**
 * The profile writes that give an endpoint one profile of its own: it leaves every other profile
 * that names it, and joins the chosen one unless that is the default (which needs no naming).
 */
function assignmentWrites(profiles: readonly EndpointProfile[], endpointId: string, profileId: string): EndpointProfile[] {
  const leave = profiles
    .filter((p) => p.id !== profileId && p.assigned.endpoints.includes(endpointId))
    .map((p) => ({ ...p, assigned: { ...p.assigned, endpoints: p.assigned.endpoints.filter((e) => e !== endpointId) } }));
  const chosen = profiles.find((p) => p.id === profileId);
  const join = chosen && !chosen.is_default && !chosen.assigned.endpoints.includes(endpointId) ? [chosen] : [];
  return [...leave, ...join.map((p) => ({ ...p, assigned: { ...p.assigned, endpoints: [...p.assigned.endpoints, endpointId] } }))];
}

/** Assigns a profile to one endpoint (PUT of the profiles whose assigned endpoints change). */
export function useAssignEndpointProfile() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: async ({ profiles, endpointId, profileId }: { profiles: readonly EndpointProfile[]; endpointId: string; profileId: string }) => {
      // One after the other: the endpoint leaves its old profile before it joins the new one.
      for (const { id, is_default: _default, ...body } of assignmentWrites(profiles, endpointId, profileId)) {
        await api.put(ZTNA_PATHS.profile(id), body, endpointProfileSchema, { query: tenantIdQuery(tid) });
      }
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ztnaKeys.profiles(tid) }), queryClient.invalidateQueries({ queryKey: ztnaKeys.inventory(tid) })]),
  });
}
