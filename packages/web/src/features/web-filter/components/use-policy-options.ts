import { useMemo } from 'react';
import type { SelectOption } from '@/components/inputs/select-field';
import { useNetworks } from '@/lib/get-networks';
import { useTenantScope } from '@/lib/tenant-scope';
import { useAvailableApplications } from '@/features/web-filter/api/get-available-applications';
import { useAvailableCategories } from '@/features/web-filter/api/get-available-categories';
import { useFilterEndpoints } from '@/features/web-filter/api/get-filter-endpoints';
import { useTenantGroups } from '@/features/web-filter/api/get-tenant-groups';
import { useTenantUsers } from '@/features/web-filter/api/get-tenant-users';
import type { AppliesToOptions } from './applies-to-fields';

/** Everything a policy can name, as select options: who it applies to, categories and applications. */
export function usePolicyOptions() {
  const users = useTenantUsers();
  const groups = useTenantGroups();
  const endpoints = useFilterEndpoints();
  const networks = useNetworks(useTenantScope());
  const categories = useAvailableCategories();
  const applications = useAvailableApplications();

  const appliesTo = useMemo<AppliesToOptions>(
    () => ({
      users: (users.data ?? []).map((u) => ({ value: u.email.toLowerCase(), label: u.email.toLowerCase() })),
      groups: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
      endpoints: (endpoints.data ?? []).map((d) => ({ value: d.id, label: d.username ? `${d.name} (${d.username})` : d.name })),
      deviceGroups: (networks.data ?? []).map((n) => ({ value: n.id, label: n.networkName })),
    }),
    [users.data, groups.data, endpoints.data, networks.data],
  );
  const applicationOptions = useMemo<SelectOption[]>(
    () => (applications.data ?? []).map((a) => ({ value: a.id, label: a.name })).sort((a, b) => a.label.localeCompare(b.label)),
    [applications.data],
  );
  return { appliesTo, categories: categories.data ?? [], applications: applicationOptions };
}
