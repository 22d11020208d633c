import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inventoryRowSchema } from '@netloom/domain';
import { inventoryPageSchema, ZTNA_PATHS } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tenantIdQuery, useTenantScope } from '@/lib/tenant-scope';
import { ztnaKeys } from './ztna-keys';

const INVENTORY_REFRESH_MS = 10_000;

export type InventoryRow = z.infer<typeof inventoryRowSchema>;
export interface InventoryQuery {
  state: 'enrolled' | 'pending' | 'rejected';
  search: string;
  page: number;
  /** 0: every row. */
  pageSize: number;
}

export const fetchInventory = (tid: string, q: InventoryQuery, signal?: AbortSignal) =>
  api.get(ZTNA_PATHS.inventory, inventoryPageSchema, {
    query: { ...tenantIdQuery(tid), state: q.state, search: q.search || undefined, page: q.page, page_size: q.pageSize },
    signal,
  });

function inventoryQueryOptions(tid: string | null, q: InventoryQuery) {
  return queryOptions({
    queryKey: ztnaKeys.inventoryPage(tid, q),
    queryFn: tid ? ({ signal }) => fetchInventory(tid, q, signal) : skipToken,
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
    // Clients enrol and report while an admin watches: new ones and their posture show up by themselves.
    refetchInterval: INVENTORY_REFRESH_MS,
  });
}

/** One page of enrolled, pending or rejected clients, with their posture, profile and client version. */
export function useInventory(q: InventoryQuery) {
  return useQuery(inventoryQueryOptions(useTenantScope(), q));
}
