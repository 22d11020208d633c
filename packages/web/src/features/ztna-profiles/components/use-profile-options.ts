import { useMemo } from 'react';
import type { SelectOption } from '@/components/inputs/select-field';
import { useEnrolledEndpoints } from '@/features/ztna-profiles/api/get-enrolled-endpoints';
import { useRelays } from '@/features/ztna-profiles/api/get-relays';
import { useTenantGroups } from '@/features/ztna-profiles/api/get-tenant-groups';
import { useZtnaServers } from '@/features/ztna-profiles/api/get-ztna-servers';

export interface ProfileOptions {
  relays: SelectOption[];
  servers: SelectOption[];
  endpoints: SelectOption[];
  groups: SelectOption[];
}

/** The lists a profile picks from: relays, servers, enrolled endpoints and the tenant's groups. */
export function useProfileOptions(): ProfileOptions {
  const relays = useRelays();
  const servers = useZtnaServers();
  const endpoints = useEnrolledEndpoints();
  const groups = useTenantGroups();
  return useMemo(
    () => ({
      relays: (relays.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.region})` })),
      servers: (servers.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.address})` })),
      endpoints: (endpoints.data ?? []).map((e) => ({ value: e.id, label: e.user ? `${e.name} (${e.user})` : e.name })),
      groups: (groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
    }),
    [relays.data, servers.data, endpoints.data, groups.data],
  );
}

/** A saved value that is no longer offered (a removed relay or endpoint) stays visible so it can be taken out. */
export const withChosen = (options: SelectOption[], chosen: readonly string[]): SelectOption[] => {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
};
