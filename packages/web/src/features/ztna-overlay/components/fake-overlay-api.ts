import { DEFAULT_ZTNA_SETTINGS, type SecurityGroupRow, type ZtnaSettings } from '@netloom/domain';
import { fakeApi, pageOf, type ApiCall } from '@/test/fake-api';
import { ztnaEndpoint, ztnaServer } from '@/test/ztna-fixtures';

/** Test data and a fake server for the overlay pages (tests only). */
export const TENANT = '00000000-0000-4000-8000-00000000000a';
export const SALES_SG = '5ec00000-0000-4000-8000-000000000001';
export const LAPTOPS_SG = '5ec00000-0000-4000-8000-000000000002';
export const ANA_LAPTOP = '1a970900-0000-4000-8000-000000000001';
export const CRM = 'c0000000-0000-4000-8000-000000000001';
const WIKI = 'c0000000-0000-4000-8000-000000000002';
export const RELAY = 'e1a90000-0000-4000-8000-000000000001';

/** As the list gives them: Sales holds ana's laptop by her user, Windows laptops the two its members list names. */
export const groups = (): SecurityGroupRow[] => [
  { id: SALES_SG, name: 'Sales', description: '', kind: 'users', users: ['ana@acme.test'], endpoints: [], rule: null, endpoint_count: 1 },
  {
    id: LAPTOPS_SG,
    name: 'Windows laptops',
    description: '',
    kind: 'endpoints',
    users: [],
    endpoints: [],
    rule: { os: ['windows'], countries: ['GB'] },
    endpoint_count: 2,
  },
];

export const server = ztnaServer;

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

/** A fetch that answers the overlay's reads, echoes PUTs of settings and records every call; `answer` overrides one call. */
export function fakeOverlayApi(state: { settings?: ZtnaSettings; answer?: (c: ApiCall) => Response | undefined } = {}) {
  return fakeApi(
    {
      'GET tenant/ztna/security-groups/': groups,
      [`GET tenant/ztna/security-groups/${LAPTOPS_SG}/members/`]: () => ({
        users: [],
        endpoints: [
          { id: ANA_LAPTOP, name: 'ana-laptop', user: 'ana@acme.test', by: 'rule' },
          { id: 'x', name: 'kiosk', user: null, by: 'static' },
        ],
      }),
      'GET tenant/ztna/settings/': () => state.settings ?? DEFAULT_ZTNA_SETTINGS,
      'PUT tenant/ztna/settings/': (call) => (state.settings = call.body as ZtnaSettings),
      'GET tenant/ztna/relays/': () => [relayRow],
      'GET tenant/ztna/servers/': () => [
        server(CRM, 'CRM'),
        server(WIKI, 'Wiki', { dpc: { download: false, upload: false, copy: false, managed_only: true } }),
      ],
      'GET tenant/ztna/inventory/': () => pageOf([ztnaEndpoint(ANA_LAPTOP, 'ana-laptop', 'ana@acme.test')]),
    },
    (call) => state.answer?.(call),
  );
}
