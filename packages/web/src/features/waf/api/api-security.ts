import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { WAF_PATHS, wafApiDocumentInputSchema, wafApiDocumentSchema, wafApiInventoryRowSchema } from '@netloom/domain';
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
