import { ALL_CATEGORIES, type AppliesTo, type WebFilterPolicy } from '@netloom/domain';

export interface AppliesToNames {
  groups: ReadonlyMap<string, string>;
  endpoints: ReadonlyMap<string, string>;
  deviceGroups: ReadonlyMap<string, string>;
}

const few = (items: string[], one: string, many: string) => (items.length <= 2 ? items.join(', ') : `${items.length} ${items.length === 1 ? one : many}`);

/** Who a policy applies to, in one line for the list ('Everyone', 'Group Sales, 2 users'). */
export function appliesToText(a: AppliesTo, names: AppliesToNames): string {
  if (a.everyone) return 'Everyone';
  const parts: string[] = [];
  if (a.users.length) parts.push(few(a.users, 'user', 'users'));
  if (a.groups.length)
    parts.push(
      `Group ${few(
        a.groups.map((id) => names.groups.get(id) ?? 'removed group'),
        'group',
        'groups',
      )}`,
    );
  if (a.endpoints.length)
    parts.push(
      few(
        a.endpoints.map((id) => names.endpoints.get(id) ?? 'removed endpoint'),
        'endpoint',
        'endpoints',
      ),
    );
  if (a.device_groups.length)
    parts.push(
      `Device group ${few(
        a.device_groups.map((id) => names.deviceGroups.get(id) ?? 'removed device group'),
        'device group',
        'device groups',
      )}`,
    );
  return parts.join('; ') || 'Nobody';
}

/** The categories column: names, 'All' for '*'. */
export function categoriesText(policy: WebFilterPolicy, names: ReadonlyMap<string, string>): string {
  const ids = policy.blocked_categories;
  if (ids.includes(ALL_CATEGORIES)) return 'All categories';
  if (ids.length === 0) return '—';
  return ids.map((id) => names.get(id) ?? id).join(', ');
}
