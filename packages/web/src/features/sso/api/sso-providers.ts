import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_PATHS, ssoProviderListSchema, ssoProviderSchema, type SsoProviderCreateBody, type SsoProviderUpdateBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

export const providersKey = (tid: string | null) => ['sso', 'providers', tid] as const;

async function fetchProviders(tid: string, signal: AbortSignal) {
  return (await api.get(SSO_PATHS.providers, ssoProviderListSchema, { query: { tid }, signal })).results;
}

/** The organisation's identity providers (their secrets are never sent back). */
export function useSsoProviders() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: providersKey(tid),
      queryFn: tid ? ({ signal }) => fetchProviders(tid, signal) : skipToken,
    }),
  );
}

/** Adds a provider, or changes one when an id is given (a blank secret keeps the stored one). */
export function useSaveSsoProvider() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: { id: string | null; body: SsoProviderCreateBody | SsoProviderUpdateBody }) =>
      input.id
        ? api.put(SSO_PATHS.provider(input.id), input.body, ssoProviderSchema, { query: tidQuery(tid) })
        : api.post(SSO_PATHS.providers, input.body, ssoProviderSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey(tid) }),
  });
}

export function useDeleteSsoProvider() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(SSO_PATHS.provider(id), null, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey(tid) }),
  });
}
