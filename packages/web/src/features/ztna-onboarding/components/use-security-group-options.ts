import { useMemo } from 'react';
import type { SelectOption } from '@/components/inputs/select-field';
import { useSecurityGroups } from '@/features/ztna-onboarding/api/get-security-groups';

/** The security groups as options, and a way to name an id (an id no longer known shows as is). */
export function useSecurityGroupOptions(): { options: SelectOption[]; nameOf: (id: string) => string } {
  const groups = useSecurityGroups();
  return useMemo(() => {
    const names = new Map((groups.data ?? []).map((g) => [g.id, g.name]));
    return { options: [...names].map(([value, label]) => ({ value, label })), nameOf: (id: string) => names.get(id) ?? id };
  }, [groups.data]);
}
