import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS, organisationBodySchema, organisationSchema, type OrganisationBody } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';
import { organisationKey } from './get-organisation';

export const organisationFormSchema = organisationBodySchema;

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: OrganisationBody) => api.put(ORG_PATHS.organisation, organisationBodySchema.parse(body), organisationSchema, { query: tidQuery(tid) }),
    onSuccess: (saved) => queryClient.setQueryData(organisationKey(tid), saved),
  });
}
