import { useMemo } from 'react';
import type { SelectOption } from '@/components/inputs/select-field';
import { useSecurityGroups } from '@/features/ztna-dns/api/get-security-groups';
import { useTenantGroups } from '@/features/ztna-dns/api/get-tenant-groups';

export interface DnsOptions {
  groups: SelectOption[];
  securityGroups: SelectOption[];
  /** The name of a group or security group id; an unknown id shows as is. */
  nameOf: (id: string) => string;
}

/** Who a nameserver group may be given to: the tenant's groups and security groups. */
export function useDnsOptions(): DnsOptions {
  const groups = useTenantGroups();
  const security = useSecurityGroups();
  return useMemo(() => {
    const g = (groups.data ?? []).map((x) => ({ value: x.id, label: x.name }));
    const s = (security.data ?? []).map((x) => ({ value: x.id, label: x.name }));
    const names = new Map([...g, ...s].map((o) => [o.value, o.label]));
    return { groups: g, securityGroups: s, nameOf: (id: string) => names.get(id) ?? id };
  }, [groups.data, security.data]);
}
