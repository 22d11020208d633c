import { DEFAULT_WAF_POLICY, type WafApplication, type WafEdge, type WafPolicy } from '@netloom/domain';
import { fakeApi, type ApiCall } from '@/test/fake-api';

/** Test data and a fake server for QShield's components (tests only). */
export const APP_ID = 'a9900000-0000-4000-8000-000000000001';
export const EDGE_ID = 'e0900000-0000-4000-8000-000000000001';

export const edge: WafEdge = {
  id: EDGE_ID,
  name: 'pop-fra',
  shared: true,
  status: 'online',
  public_ip: '192.0.2.10',
  location: 'Frankfurt',
  sync_state: 'synced',
  last_seen_at: null,
  applications: 1,
};

export function application(over: Partial<WafApplication> = {}): WafApplication {
  return {
    id: APP_ID,
    name: 'shop',
    domains: ['shop.example.com'],
    origins: [{ url: 'http://10.0.0.5:8080', weight: 1 }],
    health_check: { path: '/', interval_s: 30 },
    tls_mode: 'none',
    certificate: null,
    edge_ids: [EDGE_ID],
    api: false,
    dns: { records: [{ name: 'shop.example.com', type: 'A', value: '192.0.2.10' }], verified: null, checked_at: null, detail: [] },
    sync_state: 'synced',
    mode: 'blocking',
    policy_revision: 1,
    created_at: '2026-11-30T10:00:00Z',
    updated_at: '2026-11-30T10:00:00Z',
    ...over,
  };
}

/** Answers QShield's reads from `state` and keeps a saved policy as a new revision; `answer` overrides one call. */
export function fakeWafApi(state: { applications?: WafApplication[]; policy?: WafPolicy; answer?: (c: ApiCall) => Response | undefined } = {}) {
  let revision = 1;
  let policy = state.policy ?? DEFAULT_WAF_POLICY;
  const view = () => ({ application_id: APP_ID, revision, policy, sync_state: 'synced', edges: [{ id: EDGE_ID, name: 'pop-fra', sync_state: 'synced' }] });
  return fakeApi(
    {
      'GET auth/waf-waf-pops/': () => [edge],
      'GET waap/domains/': () => state.applications ?? [application()],
      'GET waap/threat-intel/': () => [],
      [`GET waap/domains/${APP_ID}/policy/`]: view,
      [`GET waap/domains/${APP_ID}/policy/revisions/`]: () => [
        { id: 'b0000000-0000-4000-8000-000000000001', revision, message: 'First', author: 'owner@acme.test', created_at: '2026-11-30T10:00:00Z', policy },
      ],
      [`GET waap/domains/${APP_ID}/policy-as-code/`]: () => ({
        yaml: `apiVersion: netloom.io/qshield/v1\nkind: WafPolicy\nspec:\n  paranoia_level: ${policy.paranoia_level}\n`,
      }),
      [`PUT waap/domains/${APP_ID}/policy/`]: (call) => {
        policy = (call.body as { policy: WafPolicy }).policy;
        revision += 1;
        return view();
      },
    },
    (call) => state.answer?.(call),
  );
}
