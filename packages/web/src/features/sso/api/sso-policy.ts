import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_PATHS, ssoSettingsSchema, type SsoSettings } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const policyKey = (tid: string | null) => ['sso', 'policy', tid] as const;

/** Whether SSO is required, and the role of users created at first sign-in. */
export function useSsoPolicy() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: policyKey(tid),
      queryFn: tid ? ({ signal }) => api.get(SSO_PATHS.settings, ssoSettingsSchema, { query: { tid }, signal }) : skipToken,
    }),
  );
}

export function useSaveSsoPolicy() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: Partial<SsoSettings>) => api.put(SSO_PATHS.settings, body, ssoSettingsSchema, { query: tidQuery(tid) }),
    onSuccess: (saved) => queryClient.setQueryData(policyKey(tid), saved),
  });
}
