import { vi } from 'vitest';
import type { WebFilterPolicy } from '@netloom/domain';
import { deviceRow } from '@/test/device-row';
import { jsonResponse } from '@/test/query-wrapper';

/** Test data and a fake server for the web-filter components (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const SALES = '5a1e5000-0000-4000-8000-000000000001';
export const LAPTOP = '1a970900-0000-4000-8000-000000000001';

export const categories = [
  { id: 'social-networking', name: 'Social Networking', description: '', group: 'Social', domains: 12 },
  { id: 'gambling', name: 'Gambling', description: '', group: 'Risk', domains: 8 },
  { id: 'news', name: 'News', description: '', group: 'Information', domains: 30 },
];

export function policy(id: string, name: string, order: number, over: Partial<WebFilterPolicy> = {}): WebFilterPolicy {
  return {
    id,
    order,
    name,
    description: '',
    enabled: true,
    action: 'block',
    applies_to: { everyone: true, users: [], groups: [], endpoints: [], device_groups: [] },
    blocked_categories: ['gambling'],
    allowed_categories: [],
    blocked_applications: [],
    allowed_urls: [],
    blocked_urls: [],
    allowed_ips: [],
    blocked_ips: [],
    schedule: null,
    ...over,
  };
}

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * A fetch that answers the web filter's reads from `state`, keeps a reorder, and records every
 * call; `answer` overrides one call (method and path without /api/v1/).
 */
export function fakeWebFilterApi(state: { policies?: WebFilterPolicy[]; answer?: (c: Call) => Response | undefined } = {}) {
  const calls: Call[] = [];
  const reads: Record<string, () => unknown> = {
    'tenant/config/webfilter-policy/': () => state.policies ?? [],
    'tenant/config/webfilter-global/': () => ({ status: true, default_action_blocked: false }),
    'tenant/config/webfilter-global/action/': () => ({ default_action_blocked: false }),
    'tenant/config/global-categories/get/available-categories/': () => categories,
    'tenant/config/global-applications/get/available-applications/': () => [{ id: 'facebook', name: 'Facebook' }],
    'tenant/config/webfilter-custom-url/get/custom-list/': () => ({ allowed_urls: [], blocked_urls: [], rows: [] }),
    'teams/users/': () =>
      page([
        {
          id: 'u1',
          email: 'ana@acme.test',
          username: 'ana@acme.test',
          first_name: 'Ana',
          last_name: 'Lee',
          role: 'viewer',
          active: true,
          status: 'active',
          two_factor_enabled: false,
          last_login: null,
          devices: 1,
          created_at: '2025-01-01T00:00:00Z',
        },
      ]),
    'teams/groups/': () => page([{ id: SALES, name: 'Sales', description: '', members: [], created_at: '2025-01-01T00:00:00Z' }]),
    'device/list/': () => page([deviceRow(LAPTOP, { name: 'ana-laptop', deviceType: 'endpoint', username: 'ana@acme.test', configSync: 'synced' })]),
    'network/list/': () => [],
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1\//, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const own = state.answer?.(call);
    if (own) return own;
    if (call.method === 'POST' && call.path === 'tenant/config/webfilter-policy/reorder/') {
      const ids = (call.body as { ids: string[] }).ids;
      state.policies = ids.map((id, i) => ({ ...state.policies!.find((p) => p.id === id)!, order: i + 1 }));
      return jsonResponse(200, state.policies);
    }
    const read = call.method === 'GET' ? reads[call.path] : undefined;
    return read ? jsonResponse(200, read()) : jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
  return { fetch, calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}
