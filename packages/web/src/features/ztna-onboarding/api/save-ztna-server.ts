import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZTNA_PATHS, ztnaServerInputSchema, ztnaServerSchema, type ZtnaServerInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Publishes a server, or replaces one when an id is given. */
export function useSaveZtnaServer() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, server }: { id?: string; server: ZtnaServerInput }) => {
      const body = ztnaServerInputSchema.parse(server);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(ZTNA_PATHS.server(id), body, ztnaServerSchema, opts) : api.post(ZTNA_PATHS.servers, body, ztnaServerSchema, opts);
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ztnaKeys.servers(tid) }),
        // A connector's servers of its site change with it.
        queryClient.invalidateQueries({ queryKey: ztnaKeys.connectors(tid) }),
      ]),
  });
}
