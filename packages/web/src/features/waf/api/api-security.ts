import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { wafApiDriftQuerySchema } from '@netloom/domain';
import {
  WAF_PATHS,
  apiDiscoverySettingsInputSchema,
  apiDiscoverySettingsSchema,
  wafApiDocumentInputSchema,
  wafApiDocumentSchema,
  wafApiDriftRowSchema,
  wafApiInventoryRowSchema,
} from '@netloom/domain';
import { api } from '@/lib/http/client';
import { isApiError } from '@/lib/http/api-error';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import type { WafWindowQuery } from './get-waf-summary';
import { wafKeys } from './waf-keys';

/** An application's OpenAPI document (null: it has none). */
export function useApiDocument(applicationId: string | null) {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: wafKeys.apiDocument(tid, applicationId),
      queryFn:
        tid && applicationId
          ? async ({ signal }) => {
              try {
                return await api.get(WAF_PATHS.apiDocument(applicationId), wafApiDocumentSchema, { query: tenantIdQuery(tid), signal });
              } catch (err) {
                // No document yet: the page says so rather than showing an error.
                if (isApiError(err) && err.status === 404) return null;
                throw err;
              }
            }
          : skipToken,
    }),
  );
}

/** Uploads an application's OpenAPI document (replacing the one it had). */
export function useUploadApiDocument(applicationId: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: z.input<typeof wafApiDocumentInputSchema>) =>
      api.put(WAF_PATHS.apiDocument(applicationId), wafApiDocumentInputSchema.parse(input), wafApiDocumentSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wafKeys.all(tid) }),
  });
}

/** Every application's endpoints against its document in a window. */
export function useApiInventory(query: WafWindowQuery) {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: wafKeys.apiInventory(tid, query),
      queryFn: tid
        ? ({ signal }) => api.get(WAF_PATHS.apiInventory, z.array(wafApiInventoryRowSchema), { query: { ...query, ...tenantIdQuery(tid) }, signal })
        : skipToken,
    }),
  );
}

/** An application's API discovery settings (the defaults until it has its own). */
export function useApiDiscoverySettings(applicationId: string | null) {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: wafKeys.apiDiscoverySettings(tid, applicationId),
      queryFn:
        tid && applicationId
          ? ({ signal }) => api.get(WAF_PATHS.apiDiscoverySettings(applicationId), apiDiscoverySettingsSchema, { query: tenantIdQuery(tid), signal })
          : skipToken,
    }),
  );
}

/** Changes an application's API discovery settings (owners and admins); discovery, the inventory and drift follow them. */
export function useSaveApiDiscoverySettings(applicationId: string) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (input: z.input<typeof apiDiscoverySettingsInputSchema>) =>
      api.put(WAF_PATHS.apiDiscoverySettings(applicationId), apiDiscoverySettingsInputSchema.parse(input), apiDiscoverySettingsSchema, {
        query: tenantIdQuery(tid),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wafKeys.all(tid) }),
  });
}

export type ApiDriftQuery = Omit<z.input<typeof wafApiDriftQuerySchema>, 'tenant_id'>;

/** The drift history between the applications' traffic and their documents, the latest change first. */
export function useApiDrift(query: ApiDriftQuery) {
  const tid = useTenantScope();
  return useQuery(
    queryOptions({
      queryKey: wafKeys.apiDrift(tid, query),
      queryFn: tid
        ? ({ signal }) => api.get(WAF_PATHS.apiDrift, z.array(wafApiDriftRowSchema), { query: { ...query, ...tenantIdQuery(tid) }, signal })
        : skipToken,
    }),
  );
}
