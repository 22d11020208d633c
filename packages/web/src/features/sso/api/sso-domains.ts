import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_PATHS, ssoDomainListSchema, ssoDomainSchema } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const domainsKey = (tid: string | null) => ['sso', 'domains', tid] as const;

async function fetchDomains(tid: string, signal: AbortSignal) {
  return (await api.get(SSO_PATHS.domains, ssoDomainListSchema, { query: { tid }, signal })).results;
}

/** The organisation's e-mail domains with the TXT record that proves each. */
export function useSsoDomains() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: domainsKey(tid),
      queryFn: tid ? ({ signal }) => fetchDomains(tid, signal) : skipToken,
    }),
  );
}

function useDomainMutation<I>(call: (tid: string | null, input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: I) => call(tid, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(tid) }),
  });
}

export const useAddSsoDomain = () =>
  useDomainMutation((tid, domain: string) => api.post(SSO_PATHS.domains, { domain }, ssoDomainSchema, { query: tidQuery(tid) }));
/** Looks for the TXT record now; a 409 says what is missing. */
export const useVerifySsoDomain = () =>
  useDomainMutation((tid, id: string) => api.post(SSO_PATHS.domainVerify(id), {}, ssoDomainSchema, { query: tidQuery(tid) }));
export const useRemoveSsoDomain = () => useDomainMutation((tid, id: string) => api.delete(SSO_PATHS.domain(id), null, { query: tidQuery(tid) }));
