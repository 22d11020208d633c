import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORG_PATHS, tenantCreateBodySchema, tenantDetailSchema, tenantUpdateBodySchema, type TenantCreateBody, type TenantUpdateBody } from '@netloom/domain';
import { api } from '@/lib/http/client';

/**
 * Every tenant query (the list, the header selector, a tenant's dashboard configuration) lives
 * under this key: a tenant's name, subscriptions and suspension show in all of them.
 */
export const TENANTS_KEY = ['tenants'] as const;
export const CUSTOMERS_KEY = ['organisations', 'customers'] as const;

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantCreateBody) => api.post(ORG_PATHS.tenants, tenantCreateBodySchema.parse(body), tenantDetailSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TENANTS_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
}

/** Edits a tenant: name, subscriptions, all-product access, or suspension on its own. */
export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TenantUpdateBody & { id: string }) => api.put(ORG_PATHS.tenant(id), tenantUpdateBodySchema.parse(body), tenantDetailSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TENANTS_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
}
