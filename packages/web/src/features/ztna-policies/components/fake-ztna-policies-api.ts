import { vi } from 'vitest';
import { NO_POSTURE_CONDITIONS, UNKNOWN_POSTURE, type ZtnaPolicy, type ZtnaServer } from '@netloom/domain';
import { jsonResponse } from '@/test/query-wrapper';

/** Test data and a fake server for the access policies page (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const SALES = '5a1e5000-0000-4000-8000-000000000001';
export const MANAGED = '5ec00000-0000-4000-8000-000000000001';
export const CRM = 'c0000000-0000-4000-8000-000000000001';
export const WIKI = 'c0000000-0000-4000-8000-000000000002';
export const ANA_LAPTOP = '1a970900-0000-4000-8000-000000000001';
export const BOB_LAPTOP = '1a970900-0000-4000-8000-000000000002';

export function server(id: string, name: string, over: Partial<ZtnaServer> = {}): ZtnaServer {
  return {
    id,
    name,
    description: '',
    address: `${name.toLowerCase()}.corp.example`,
    private_name: null,
    ports: [{ protocol: 'tcp', ports: ['443'] }],
    site: 'London',
    enabled: true,
    dpc: { download: true, upload: true, copy: true, managed_only: false },
    ...over,
  };
}

export function policy(id: string, name: string, order: number, over: Partial<ZtnaPolicy> = {}): ZtnaPolicy {
  return {
    id,
    order,
    name,
    description: '',
    enabled: true,
    action: 'allow',
    sources: { everyone: false, users: [], groups: [SALES], security_groups: [] },
    destinations: { servers: [CRM], sites: [], ports: [] },
    schedule: null,
    posture: NO_POSTURE_CONDITIONS,
    ...over,
  };
}

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const user = (email: string) => ({
  id: email,
  email,
  username: email,
  first_name: email.split('@')[0]!,
  last_name: '',
  role: 'viewer',
  active: true,
  status: 'active',
  two_factor_enabled: false,
  last_login: null,
  devices: 1,
  created_at: '2025-01-01T00:00:00Z',
});
const endpoint = (id: string, name: string, who: string) => ({
  id,
  name,
  user: who,
  os: 'windows',
  os_label: 'Windows 11',
  client_version: '2.1.10',
  approved: true,
  device_status: 'running',
  last_seen: '2025-01-02T10:00:00Z',
  public_ip: '203.0.113.7',
  posture: UNKNOWN_POSTURE,
  profile: 'mza',
  security_groups: [],
  config_sync: 'synced',
  enrolled_with: null,
  created_at: '2025-01-01T00:00:00Z',
});

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * A fetch that answers the page's reads from `state`, keeps a reorder, and records every call;
 * `answer` overrides one call (method and path without /api/v1/).
 */
export function fakeZtnaPoliciesApi(state: { policies?: ZtnaPolicy[]; answer?: (c: Call) => Response | undefined } = {}) {
  const calls: Call[] = [];
  const reads: Record<string, () => unknown> = {
    'tenant/ztna/policies/': () => state.policies ?? [],
    'tenant/ztna/servers/': () => [server(CRM, 'CRM'), server(WIKI, 'Wiki', { site: 'Paris' })],
    'tenant/ztna/security-groups/': () => [
      { id: MANAGED, name: 'Managed laptops', description: '', kind: 'endpoints', users: [], endpoints: [], rule: { os: ['windows'], countries: [] } },
    ],
    'tenant/ztna/inventory/': () => page([endpoint(ANA_LAPTOP, 'ana-laptop', 'ana@acme.test'), endpoint(BOB_LAPTOP, 'bob-laptop', 'bob@acme.test')]),
    'teams/users/': () => page([user('ana@acme.test'), user('bob@acme.test')]),
    'teams/groups/': () => page([{ id: SALES, name: 'Sales', description: '', members: [], created_at: '2025-01-01T00:00:00Z' }]),
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
    if (call.method === 'POST' && call.path === 'tenant/ztna/policies/reorder/') {
      const ids = (call.body as { ids: string[] }).ids;
      state.policies = ids.map((id, i) => ({ ...state.policies!.find((p) => p.id === id)!, order: i + 1 }));
      return new Response(null, { status: 204 });
    }
    const read = call.method === 'GET' ? reads[call.path] : undefined;
    return read ? jsonResponse(200, read()) : jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
  return { fetch, calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}
