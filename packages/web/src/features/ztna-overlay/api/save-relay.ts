import { useMutation, useQueryClient } from '@tanstack/react-query';
import { relayInputSchema, relayRowSchema, ZTNA_PATHS, type RelayInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

/** Adds a relay, or replaces one when an id is given. */
export function useSaveRelay() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, relay }: { id?: string; relay: RelayInput }) => {
      const body = relayInputSchema.parse(relay);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(ZTNA_PATHS.relay(id), body, relayRowSchema, opts) : api.post(ZTNA_PATHS.relays, body, relayRowSchema, opts);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: overlayKeys.relays(tid) }),
  });
}
