import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointProfileInputSchema, endpointProfileSchema, ZTNA_PATHS, type EndpointProfileInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Creates a profile, or replaces one when an id is given; endpoints get it as a new configuration. */
export function useSaveEndpointProfile() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, profile }: { id?: string; profile: EndpointProfileInput }) => {
      const body = endpointProfileInputSchema.parse(profile);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(ZTNA_PATHS.profile(id), body, endpointProfileSchema, opts) : api.post(ZTNA_PATHS.profiles, body, endpointProfileSchema, opts);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ztnaKeys.profiles(tid) }),
        // The endpoints' profile and sync state move with it.
        queryClient.invalidateQueries({ queryKey: ztnaKeys.inventory(tid) }),
      ]),
  });
}
