import { useMemo } from 'react';
import type { SelectOption } from '@/components/inputs/select-field';
import { useSecurityGroups } from '@/features/ztna-policies/api/get-security-groups';
import { useTenantGroups } from '@/features/ztna-policies/api/get-tenant-groups';
import { useTenantUsers } from '@/features/ztna-policies/api/get-tenant-users';
import { useZtnaServers } from '@/features/ztna-policies/api/get-ztna-servers';

export interface PolicyOptions {
  users: SelectOption[];
  groups: SelectOption[];
  securityGroups: SelectOption[];
  servers: SelectOption[];
  sites: SelectOption[];
}

const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label);

/** Everything a policy can name, as select options: who it is for and what it is about. */
export function usePolicyOptions(): PolicyOptions {
  const users = useTenantUsers();
  const groups = useTenantGroups();
  const securityGroups = useSecurityGroups();
  const servers = useZtnaServers();
  return useMemo(() => {
    const sites = [...new Set((servers.data ?? []).map((s) => s.site))].sort();
    return {
      users: (users.data ?? []).map((u) => ({ value: u.email.toLowerCase(), label: u.email.toLowerCase() })).sort(byLabel),
      groups: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })).sort(byLabel),
      securityGroups: (securityGroups.data ?? []).map((g) => ({ value: g.id, label: g.name })).sort(byLabel),
      servers: (servers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.address})` })).sort(byLabel),
      sites: sites.map((s) => ({ value: s, label: s })),
    };
  }, [users.data, groups.data, securityGroups.data, servers.data]);
}
