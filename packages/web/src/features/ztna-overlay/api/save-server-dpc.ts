import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataProtectionSchema, ZTNA_PATHS, ztnaServerSchema, type DataProtection, type ZtnaServer } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { overlayKeys } from './overlay-keys';

/** Saves one server's data protection controls (PUT tenant/ztna/servers/{id}/dpc/). */
export function useSaveServerDpc() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, dpc }: { id: string; dpc: DataProtection }) =>
      api.put(ZTNA_PATHS.serverDpc(id), dataProtectionSchema.parse(dpc), ztnaServerSchema, { query: tenantIdQuery(tid) }),
    // The answer is the server as saved: only its row changes, the others keep their drafts.
    onSuccess: (saved) => queryClient.setQueryData<ZtnaServer[]>(overlayKeys.servers(tid), (list) => list?.map((s) => (s.id === saved.id ? saved : s))),
  });
}
