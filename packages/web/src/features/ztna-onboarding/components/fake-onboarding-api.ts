import type { z } from 'zod';
import type { connectorRowSchema, enrolmentKeyRowSchema, inventoryRowSchema, ZtnaServer } from '@netloom/domain';
import { deviceRow } from '@/test/device-row';
import { fakeApi, pageOf, type ApiCall } from '@/test/fake-api';

/** Test data and a fake server for the onboarding and inventory pages (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const ENGINEERS = '5c000000-0000-4000-8000-000000000001';
export const KEY_ID = '4b000000-0000-4000-8000-000000000001';
export const SERVER_ID = '5e000000-0000-4000-8000-000000000001';
export const GATEWAY = '6a000000-0000-4000-8000-000000000001';
export const OTHER_GATEWAY = '6a000000-0000-4000-8000-000000000002';
export const LAPTOP = '1a000000-0000-4000-8000-000000000001';
export const DESKTOP = '1a000000-0000-4000-8000-000000000002';

type KeyRow = z.infer<typeof enrolmentKeyRowSchema>;
export const keyRow = (over: Partial<KeyRow> = {}): KeyRow => ({
  id: KEY_ID,
  name: 'Laptops',
  prefix: 'nlk_ab12',
  reusable: true,
  expires_at: null,
  usage_limit: 50,
  uses: 3,
  security_groups: [ENGINEERS],
  auto_approve: true,
  state: 'active',
  created_by: 'owner@acme.test',
  created_at: '2026-11-01T10:00:00Z',
  ...over,
});

export const server = (over: Partial<ZtnaServer> = {}): ZtnaServer => ({
  id: SERVER_ID,
  name: 'Wiki',
  description: '',
  address: 'wiki.corp.example',
  private_name: null,
  ports: [{ protocol: 'tcp', ports: ['443'] }],
  site: 'HQ',
  enabled: true,
  dpc: { download: true, upload: true, copy: true, managed_only: false },
  ...over,
});

type ConnectorRow = z.infer<typeof connectorRowSchema>;
export const connector = (over: Partial<ConnectorRow> = {}): ConnectorRow => ({
  device_id: GATEWAY,
  name: 'hq-edge',
  site: 'HQ',
  device_status: 'running',
  last_seen: '2026-11-25T10:00:00Z',
  servers_total: 3,
  servers_reachable: 2,
  active_sessions: 7,
  health_at: '2026-11-25T10:00:00Z',
  health: 'degraded',
  ...over,
});

type InventoryRow = z.infer<typeof inventoryRowSchema>;
export const endpoint = (id: string, name: string, over: Partial<InventoryRow> = {}): InventoryRow => ({
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
  posture: { os: 'windows', os_version: '11.0', client_version: '2.1.9', country: 'IN', disk_encrypted: true, firewall_on: true, approved: true },
  profile: 'mza',
  security_groups: [ENGINEERS],
  config_sync: 'synced',
  enrolled_with: null,
  created_at: '2026-11-01T10:00:00Z',
  ...over,
});

export interface OnboardingState {
  keys?: KeyRow[];
  servers?: ZtnaServer[];
  connectors?: ConnectorRow[];
  enrolled?: InventoryRow[];
  pending?: InventoryRow[];
  rejected?: InventoryRow[];
  /** The tenant's gateways (hq-edge, a connector already, and dc-edge unless said). */
  gateways?: ReturnType<typeof deviceRow>[];
}

export function fakeOnboardingApi(state: OnboardingState = {}, answer?: (c: ApiCall) => Response | undefined) {
  return fakeApi(
    {
      'GET tenant/ztna/security-groups/': () => [{ id: ENGINEERS, name: 'Engineers', description: '', kind: 'both', users: [], endpoints: [], rule: null }],
      'GET tenant/ztna/invites/': () => [
        {
          id: '3c000000-0000-4000-8000-000000000001',
          email: 'ana@acme.test',
          key_id: KEY_ID,
          invited_by: 'owner@acme.test',
          created_at: '2026-11-01T10:00:00Z',
          enrolled_device_id: LAPTOP,
        },
        {
          id: '3c000000-0000-4000-8000-000000000002',
          email: 'raj@acme.test',
          key_id: KEY_ID,
          invited_by: 'owner@acme.test',
          created_at: '2026-11-02T10:00:00Z',
          enrolled_device_id: null,
        },
      ],
      'GET tenant/ztna/enrolment-keys/': () => state.keys ?? [keyRow()],
      'GET auth/mza-pkg-paths/': () => ({
        detail: {
          Windows: 'https://downloads.example/MicroZAccess.msi',
          macOS: 'https://downloads.example/MicroZAccess-2.1.10.pkg',
          'macOS-arm': 'https://downloads.example/MicroZAccess-2.1.10-arm.pkg',
          'Linux-UI': 'https://downloads.example/microzaccess.deb',
        },
      }),
      'GET tenant/ztna/servers/': () => state.servers ?? [server()],
      'GET tenant/connector/': () => state.connectors ?? [connector()],
      'GET device/list/': () =>
        pageOf(state.gateways ?? [deviceRow(GATEWAY, { name: 'hq-edge' }), deviceRow(OTHER_GATEWAY, { name: 'dc-edge', location: 'Pune' })]),
      'GET tenant/ztna/inventory/': (c) => {
        const which = c.query.get('state');
        const rows =
          which === 'pending' ? (state.pending ?? []) : which === 'rejected' ? (state.rejected ?? []) : (state.enrolled ?? [endpoint(LAPTOP, 'ana-laptop')]);
        return { count: rows.length, next: null, previous: null, results: rows };
      },
    },
    answer,
  );
}
