import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardLayoutBodySchema, dashboardLayoutPath, dashboardLayoutSchema, type DashboardLayout, type DashboardProduct } from '@netloom/domain';
import { api } from '@/lib/http/client';
import { tidQuery, useTenantScope } from '@/lib/tenant-scope';

const layoutKey = (tid: string | null, product: DashboardProduct) => ['dashboard', 'layout', tid, product] as const;

/** The tenant's layout of a product's dashboard (the default until one is saved). */
export function useDashboardLayout(product: DashboardProduct) {
  const tid = useTenantScope();
  return useQuery({
    queryKey: layoutKey(tid, product),
    queryFn: tid ? ({ signal }) => api.get(dashboardLayoutPath(product), dashboardLayoutSchema, { query: tidQuery(tid), signal }) : skipToken,
  });
}

/** Saves a layout, or with null goes back to the default; the answer replaces the cached layout. */
export function useSaveDashboardLayout(product: DashboardProduct) {
  const queryClient = useQueryClient();
  const tid = useTenantScope();
  return useMutation({
    mutationFn: (layout: DashboardLayout | null) =>
      layout
        ? api.put(dashboardLayoutPath(product), dashboardLayoutBodySchema.parse(layout), dashboardLayoutSchema, { query: tidQuery(tid) })
        : api.delete(dashboardLayoutPath(product), dashboardLayoutSchema, { query: tidQuery(tid) }),
    onSuccess: (saved) => queryClient.setQueryData(layoutKey(tid, product), saved),
  });
}
