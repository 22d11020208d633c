import type { z } from 'zod';
import type { EndpointProfile, inventoryRowSchema } from '@netloom/domain';
import { fakeApi, pageOf, type ApiCall } from '@/test/fake-api';

/** Test data and a fake server for the endpoint-profile pages (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const DEFAULT_ID = '9f000000-0000-4000-8000-000000000001';
export const DEV_ID = '9f000000-0000-4000-8000-000000000002';
export const RELAY = '7e000000-0000-4000-8000-000000000001';
const SERVER = '5e000000-0000-4000-8000-000000000001';
export const LAPTOP = '1a000000-0000-4000-8000-000000000001';
export const DESKTOP = '1a000000-0000-4000-8000-000000000002';
export const SALES = '6b000000-0000-4000-8000-000000000001';

export function profile(id: string, name: string, over: Partial<EndpointProfile> = {}): EndpointProfile {
  return {
    id,
    name,
    is_default: false,
    description: '',
    kind: 'classic',
    relays: [],
    dns: { use_tenant_dns: true, nameservers: [] },
    split_tunnel: { mode: 'include', routes: [] },
    resources: [],
    auto_connect: true,
    assigned: { endpoints: [], groups: [] },
    ...over,
  };
}

export type InventoryRow = z.infer<typeof inventoryRowSchema>;
export function endpoint(id: string, name: string, over: Partial<InventoryRow> = {}): InventoryRow {
  return {
    id,
    name,
    user: 'ana@acme.test',
    os: 'windows',
    os_label: 'Windows 11',
    client_version: '2.1.9',
    approved: true,
    device_status: 'running',
    last_seen: '2026-11-25T10:00:00Z',
    public_ip: '203.0.113.7',
    posture: { os: 'windows', os_version: '11.0', client_version: '2.1.9', country: 'IN', disk_encrypted: true, firewall_on: false, approved: true },
    profile: 'mza',
    security_groups: [],
    config_sync: 'synced',
    enrolled_with: null,
    created_at: '2026-11-01T10:00:00Z',
    ...over,
  };
}

export const defaultProfile = profile(DEFAULT_ID, 'mza', { is_default: true });

export function fakeProfilesApi(state: { profiles?: EndpointProfile[]; endpoints?: InventoryRow[] } = {}, answer?: (c: ApiCall) => Response | undefined) {
  return fakeApi(
    {
      'GET tenant/ztna/profiles/': () => state.profiles ?? [defaultProfile],
      'GET tenant/ztna/relays/': () => [
        {
          id: RELAY,
          name: 'Mumbai relay',
          region: 'india',
          address: 'relay1.example.net',
          port: 51820,
          enabled: true,
          health: 'healthy',
          latency_ms: 12,
          last_report_at: null,
        },
      ],
      'GET tenant/ztna/servers/': () => [
        {
          id: SERVER,
          name: 'Wiki',
          description: '',
          address: 'wiki.corp.example',
          private_name: null,
          ports: [{ protocol: 'tcp', ports: ['443'] }],
          site: 'HQ',
          enabled: true,
          dpc: { download: true, upload: true, copy: true, managed_only: false },
        },
      ],
      'GET tenant/ztna/inventory/': () => pageOf(state.endpoints ?? [endpoint(LAPTOP, 'ana-laptop')]),
      'GET teams/groups/': () => pageOf([{ id: SALES, name: 'Sales', description: '', members: [], created_at: '2025-01-01T00:00:00Z' }]),
    },
    answer,
  );
}
