import { useMemo } from 'react';
import { useSecurityGroups } from '@/features/ztna-policies/api/get-security-groups';
import { useTenantGroups } from '@/features/ztna-policies/api/get-tenant-groups';
import { useZtnaServers } from '@/features/ztna-policies/api/get-ztna-servers';
import type { PolicyNames } from './policy-summary-text';

/** Names of what policies refer to by id, for the list. */
export function usePolicyNames(): PolicyNames {
  const groups = useTenantGroups();
  const securityGroups = useSecurityGroups();
  const servers = useZtnaServers();
  return useMemo(
    () => ({
      groups: new Map((groups.data ?? []).map((g) => [g.id, g.name])),
      securityGroups: new Map((securityGroups.data ?? []).map((g) => [g.id, g.name])),
      servers: new Map((servers.data ?? []).map((s) => [s.id, s.name])),
    }),
    [groups.data, securityGroups.data, servers.data],
  );
}
