import { ALL_CATEGORIES, type AppliesTo, type WebFilterPolicy } from '@netloom/domain';
import { audienceText } from '@/components/policies/audience-text';

export interface AppliesToNames {
  groups: ReadonlyMap<string, string>;
  endpoints: ReadonlyMap<string, string>;
  deviceGroups: ReadonlyMap<string, string>;
}

/** Who a policy applies to, in one line for the list ('Everyone', 'Group Sales; 2 users'). */
export function appliesToText(a: AppliesTo, names: AppliesToNames): string {
  return audienceText(a.everyone, [
    { ids: a.users, one: 'user', many: 'users' },
    { ids: a.groups, names: names.groups, prefix: 'Group', one: 'group', many: 'groups' },
    { ids: a.endpoints, names: names.endpoints, one: 'endpoint', many: 'endpoints' },
    { ids: a.device_groups, names: names.deviceGroups, prefix: 'Device group', one: 'device group', many: 'device groups' },
  ]);
}

/** The categories column: names, 'All' for '*'. */
export function categoriesText(policy: WebFilterPolicy, names: ReadonlyMap<string, string>): string {
  const ids = policy.blocked_categories;
  if (ids.includes(ALL_CATEGORIES)) return 'All categories';
  if (ids.length === 0) return '—';
  return ids.map((id) => names.get(id) ?? id).join(', ');
}
