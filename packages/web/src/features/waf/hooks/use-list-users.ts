import { useQueries } from '@tanstack/react-query';
import { useTenantScope } from '@/lib/tenant-scope';
import { useWafApplications } from '@/features/waf/api/get-waf-applications';
import { wafPolicyQueryOptions } from '@/features/waf/api/get-waf-policy';

/** For each threat-intel list id, the applications whose policy uses it (from each policy's `threat_lists`). */
export function useThreatListUsers(): Map<string, string[]> {
  const tid = useTenantScope();
  const applications = useWafApplications().data ?? [];
  const policies = useQueries({ queries: applications.map((a) => wafPolicyQueryOptions(tid, a.id)) });
  const users = new Map<string, string[]>();
  policies.forEach((q, i) => {
    for (const listId of q.data?.policy.threat_lists ?? []) users.set(listId, [...(users.get(listId) ?? []), applications[i]!.name]);
  });
  return users;
}
