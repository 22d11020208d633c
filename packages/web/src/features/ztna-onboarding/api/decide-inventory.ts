import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inventoryDecideBodySchema, inventoryDecideResultSchema, ZTNA_PATHS } from '@netloom/domain';
import type { z } from 'zod';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

export type InventoryDecision = z.infer<typeof inventoryDecideBodySchema>['decision'];

/** Approves or rejects pending clients, or lets rejected ones in again, many at once; the answer counts what happened to each. */
export function useDecideInventory() {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (body: { ids: string[]; decision: InventoryDecision }) =>
      api.post(ZTNA_PATHS.inventoryDecide, inventoryDecideBodySchema.parse(body), inventoryDecideResultSchema, { query: tenantIdQuery(tid) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ztnaKeys.inventory(tid) }),
  });
}
