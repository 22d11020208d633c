import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dnsGroupInputSchema, dnsGroupSchema, ZTNA_PATHS, type DnsGroupInput } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

/** Creates a nameserver group (last unless `order` says where), or replaces one when an id is given (moving it when `order` changes). */
export function useSaveDnsGroup() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: ({ id, group }: { id?: string; group: DnsGroupInput }) => {
      const body = dnsGroupInputSchema.parse(group);
      const opts = { query: tenantIdQuery(tid) };
      return id ? api.put(ZTNA_PATHS.dnsGroup(id), body, dnsGroupSchema, opts) : api.post(ZTNA_PATHS.dnsGroups, body, dnsGroupSchema, opts);
    },
    // A move renumbers the others too: the whole list is asked again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.dnsGroups(tid) }),
  });
}
