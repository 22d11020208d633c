import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SCIM_PATHS, scimTokenCreateBodySchema, scimTokenCreatedSchema, type ScimTokenCreateBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { scimTokensKey } from './scim-keys';

/** Creates a provisioning token; the answer holds the token itself, the only time it is shown. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: ScimTokenCreateBody) =>
      api.post(SCIM_PATHS.tokens, scimTokenCreateBodySchema.parse(input), scimTokenCreatedSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scimTokensKey(tid) }),
  });
}
