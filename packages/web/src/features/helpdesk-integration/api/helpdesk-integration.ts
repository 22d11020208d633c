import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HELPDESK_PATHS, helpdeskIntegrationSchema, helpdeskStatusSchema, type HelpdeskType } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery } from '@/lib/tenant-scope';

const key = (tid: string | null) => ['helpdesk-integration', tid] as const;
/** Where the tenant's tickets go (owners and admins). */
export function useHelpdeskStatus(tid: string | null, enabled: boolean) {
  return useQuery({
    queryKey: key(tid),
    queryFn: ({ signal }) => api.get(HELPDESK_PATHS.tenant, helpdeskStatusSchema, { query: tenantIdQuery(tid), signal }),
    enabled,
  });
}

/** Connects a helpdesk: the server tries the credentials first and answers why they do not work. */
export function useConnectHelpdesk(tid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, credentials }: { type: HelpdeskType; credentials: Record<string, string> }) =>
      api.post(HELPDESK_PATHS.tenant, credentials, helpdeskIntegrationSchema, { query: { ...tenantIdQuery(tid), type } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(tid) }),
  });
}

export function useDisconnectHelpdesk(tid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (type: HelpdeskType) => api.delete(HELPDESK_PATHS.tenant, null, { query: { ...tenantIdQuery(tid), type } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(tid) }),
  });
}
