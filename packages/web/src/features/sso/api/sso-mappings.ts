import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS, SSO_PATHS, groupListSchema, ssoMappingListSchema, ssoMappingSchema, type Role } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const mappingsKey = (tid: string | null) => ['sso', 'mappings', tid] as const;

async function fetchMappings(tid: string, signal: AbortSignal) {
  return (await api.get(SSO_PATHS.mappings, ssoMappingListSchema, { query: { tid }, signal })).results;
}

/** Provider groups mapped to Netloom roles and groups. */
export function useSsoMappings() {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: mappingsKey(tid),
      queryFn: tid ? ({ signal }) => fetchMappings(tid, signal) : skipToken,
    }),
  );
}

/** The organisation's Netloom groups a mapping may name. */
export function useMappableGroups() {
  const tid = useTenantScope();
  return useQuery({
    queryKey: ['sso', 'mappable-groups', tid],
    queryFn: tid ? async ({ signal }) => (await api.get(ORG_PATHS.groups, groupListSchema, { query: { tid, page_size: 0 }, signal })).results : skipToken,
  });
}

export function useAddSsoMapping() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: { idp_group: string; role: Role | null; group_id: string | null }) =>
      api.post(SSO_PATHS.mappings, body, ssoMappingSchema, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingsKey(tid) }),
  });
}

export function useRemoveSsoMapping() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (id: string) => api.delete(SSO_PATHS.mapping(id), null, { query: tidQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mappingsKey(tid) }),
  });
}
