import type { WebFilterPolicy } from '@netloom/domain';
import { deviceRow } from '@/test/device-row';
import { fakeApi, orderedPolicyRoutes, pageOf, type ApiCall } from '@/test/fake-api';
import { teamGroup, teamUser } from '@/test/team-fixtures';
import { emptyPolicy } from './policy-form-values';

/** Test data and a fake server for the web-filter components (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const SALES = '5a1e5000-0000-4000-8000-000000000001';
export const LAPTOP = '1a970900-0000-4000-8000-000000000001';

const categories = [
  { id: 'social-networking', name: 'Social Networking', description: '', group: 'Social', domains: 12 },
  { id: 'gambling', name: 'Gambling', description: '', group: 'Risk', domains: 8 },
  { id: 'news', name: 'News', description: '', group: 'Information', domains: 30 },
];

export function policy(id: string, name: string, order: number, over: Partial<WebFilterPolicy> = {}): WebFilterPolicy {
  return { ...emptyPolicy(), id, order, name, applies_to: { ...emptyPolicy().applies_to, everyone: true }, blocked_categories: ['gambling'], ...over };
}

/**
 * A fetch that answers the web filter's reads from `state`, keeps a reorder, and records every
 * call; `answer` overrides one call (method and path without /api/v1/).
 */
export function fakeWebFilterApi(state: { policies?: WebFilterPolicy[]; answer?: (c: ApiCall) => Response | undefined } = {}) {
  return fakeApi(
    {
      ...orderedPolicyRoutes('tenant/config/webfilter-policy/', state, 'list'),
      'GET tenant/config/webfilter-global/': () => ({ status: true, default_action_blocked: false }),
      'GET tenant/config/webfilter-global/action/': () => ({ default_action_blocked: false }),
      'GET tenant/config/global-categories/get/available-categories/': () => categories,
      'GET tenant/config/global-applications/get/available-applications/': () => [{ id: 'facebook', name: 'Facebook' }],
      'GET tenant/config/webfilter-custom-url/get/custom-list/': () => ({ allowed_urls: [], blocked_urls: [], rows: [] }),
      'GET teams/users/': () => pageOf([teamUser('ana@acme.test', { id: 'u1', first_name: 'Ana', last_name: 'Lee' })]),
      'GET teams/groups/': () => pageOf([teamGroup(SALES, 'Sales')]),
      'GET device/list/': () => pageOf([deviceRow(LAPTOP, { name: 'ana-laptop', deviceType: 'endpoint', username: 'ana@acme.test', configSync: 'synced' })]),
      'GET network/list/': () => [],
    },
    (call) => state.answer?.(call),
  );
}
