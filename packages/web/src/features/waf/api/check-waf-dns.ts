import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WAF_PATHS, wafApplicationSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { wafKeys } from './waf-keys';

/** Asks the server to resolve the application's domains now; it answers the application with what it found. */
export function useCheckWafDns() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.post(WAF_PATHS.dnsCheck(id), {}, wafApplicationSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wafKeys.applications(tid) }),
  });
}
