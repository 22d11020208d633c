import { vi } from 'vitest';
import { DEFAULT_ZTNA_SETTINGS, UNKNOWN_POSTURE, type SecurityGroup, type ZtnaServer, type ZtnaSettings } from '@netloom/domain';
import { jsonResponse } from '@/test/query-wrapper';

/** Test data and a fake server for the overlay pages (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const SALES_SG = '5ec00000-0000-4000-8000-000000000001';
export const LAPTOPS_SG = '5ec00000-0000-4000-8000-000000000002';
export const ANA_LAPTOP = '1a970900-0000-4000-8000-000000000001';
export const CRM = 'c0000000-0000-4000-8000-000000000001';
export const WIKI = 'c0000000-0000-4000-8000-000000000002';
export const RELAY = 'e1a90000-0000-4000-8000-000000000001';

export const groups = (): SecurityGroup[] => [
  { id: SALES_SG, name: 'Sales', description: '', kind: 'users', users: ['ana@acme.test'], endpoints: [], rule: null },
  { id: LAPTOPS_SG, name: 'Windows laptops', description: '', kind: 'endpoints', users: [], endpoints: [], rule: { os: ['windows'], countries: ['GB'] } },
];

export const server = (id: string, name: string, over: Partial<ZtnaServer> = {}): ZtnaServer => ({
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
});

export const relayRow = {
  id: RELAY,
  name: 'lon-relay-1',
  region: 'uk',
  address: 'relay1.example.net',
  port: 51820,
  enabled: false,
  health: 'degraded',
  latency_ms: 180.4,
  last_report_at: '2026-01-02T10:00:00Z',
};

const endpoint = (id: string, name: string, user: string) => ({
  id,
  name,
  user,
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

/** A fetch that answers the overlay's reads, echoes PUTs of settings and records every call; `answer` overrides one call. */
export function fakeOverlayApi(state: { settings?: ZtnaSettings; answer?: (c: Call) => Response | undefined } = {}) {
  const calls: Call[] = [];
  const reads: Record<string, () => unknown> = {
    'tenant/ztna/security-groups/': groups,
    [`tenant/ztna/security-groups/${LAPTOPS_SG}/members/`]: () => ({
      users: [],
      endpoints: [
        { id: ANA_LAPTOP, name: 'ana-laptop', user: 'ana@acme.test', by: 'rule' },
        { id: 'x', name: 'kiosk', user: null, by: 'static' },
      ],
    }),
    'tenant/ztna/settings/': () => state.settings ?? DEFAULT_ZTNA_SETTINGS,
    'tenant/ztna/relays/': () => [relayRow],
    'tenant/ztna/servers/': () => [server(CRM, 'CRM'), server(WIKI, 'Wiki', { dpc: { download: false, upload: false, copy: false, managed_only: true } })],
    'tenant/ztna/inventory/': () => ({ count: 1, next: null, previous: null, results: [endpoint(ANA_LAPTOP, 'ana-laptop', 'ana@acme.test')] }),
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
    if (call.method === 'PUT' && call.path === 'tenant/ztna/settings/') {
      state.settings = call.body as ZtnaSettings;
      return jsonResponse(200, state.settings);
    }
    const read = call.method === 'GET' ? reads[call.path] : undefined;
    return read ? jsonResponse(200, read()) : jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
  return { fetch, calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}
