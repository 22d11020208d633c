import { useMemo } from 'react';
import { useNetworks } from '@/lib/get-networks';
import { useTenantScope } from '@/lib/tenant-scope';
import { useAvailableCategories } from '@/features/web-filter/api/get-available-categories';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { useTenantGroups } from '@/features/web-filter/api/get-tenant-groups';
import type { AppliesToNames } from './policy-summary-text';

/** Names of what policies refer to by id, for the lists. */
export function usePolicyNames(): AppliesToNames & { categories: ReadonlyMap<string, string> } {
  const groups = useTenantGroups();
  const endpoints = useFilterEndpoints();
  const networks = useNetworks(useTenantScope());
  const categories = useAvailableCategories();
  return useMemo(
    () => ({
      groups: new Map((groups.data ?? []).map((g) => [g.id, g.name])),
      endpoints: new Map((endpoints.data ?? []).map((d) => [d.id, d.name])),
      deviceGroups: new Map((networks.data ?? []).map((n) => [n.id, n.networkName])),
      categories: new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    }),
    [groups.data, endpoints.data, networks.data, categories.data],
  );
}
