import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SSO_PATHS, ssoProviderSchema, type SamlProviderCreateBody, type SamlProviderUpdateBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { REQUEST } from '@netloom/domain';
import { providersKey } from './sso-providers';

/**
 * Adds a SAML 2.0 provider from its metadata, or changes one when an id is given (new metadata,
 * or its URL fetched again, replaces the IdP's SSO URL and certificates). The server fetches the
 * metadata: such a call waits as long as other SSO calls.
 */
export function useSaveSamlProvider() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  const options = { query: tidQuery(tid), timeoutMs: REQUEST.slowTimeoutMs };
  return useMutation({
    mutationFn: (input: { id: string | null; body: SamlProviderCreateBody | SamlProviderUpdateBody }) =>
      input.id
        ? api.put(SSO_PATHS.samlProvider(input.id), input.body, ssoProviderSchema, options)
        : api.post(SSO_PATHS.samlProviders, input.body, ssoProviderSchema, options),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersKey(tid) }),
  });
}
