import { DEFAULT_WAF_POLICY, wafGraphqlSchema, wafLoginProtectionSchema, type WafPolicy } from '@netloom/domain';
import type { Services } from '../composition/services';
import { seedActor, type DemoOwner } from './ztna';

const DEMO_APPLICATION = 'Acme Shop';

/**
 * The demo's protected application's policy: blocking at paranoia 1, a search exclusion, a login rate
 * limit, GraphQL limits on /graphql and login protection (challenge) on /api/login.
 */
const DEMO_POLICY: WafPolicy = {
  ...DEFAULT_WAF_POLICY,
  exclusions: [
    { id: 'b5c1f7e2-3f0a-4c1e-9d7a-1e2f3a4b5c6d', rule_id: 942432, tag: null, path: '/search', parameter: 'q', note: "Shoppers' search terms hold quotes" },
  ],
  rate_limits: [{ id: 'c6d2a8f3-4a1b-4d2f-8e8b-2f3a4b5c6d7e', path: '/api/login', requests_per_minute: 30, burst: 10 }],
  graphql: wafGraphqlSchema.parse({ enabled: true, paths: ['/graphql'] }),
  login_protection: wafLoginProtectionSchema.parse({ enabled: true, endpoints: [{ path: '/api/login', username_field: 'email' }], action: 'challenge' }),
};

/**
 * A demo POP that enrols serves the organisation's shop: the application is onboarded on the
 * first POP (with its policy as the second revision) and the POPs after it join it.
 */
export async function onboardDemoWaf(services: Services, owner: DemoOwner, deviceId: string): Promise<void> {
  const actor = seedActor(owner);
  const existing = (await services.waf.list(actor)).find((a) => a.name === DEMO_APPLICATION);
  const input = {
    name: DEMO_APPLICATION,
    domains: ['shop.acme.test', 'api.acme.test'],
    origins: [
      { url: 'http://10.10.1.20:8080', weight: 2 },
      { url: 'http://10.10.1.21:8080', weight: 1 },
    ],
    health_check: { path: '/health', interval_s: 30 },
    tls_mode: 'self_signed' as const,
    api: false,
  };
  if (existing) {
    if (!existing.edge_ids.includes(deviceId)) await services.waf.update(actor, existing.id, { ...input, edge_ids: [...existing.edge_ids, deviceId] });
    return;
  }
  const app = await services.waf.create(actor, { ...input, edge_ids: [deviceId] });
  await services.waf.savePolicy(actor, app.id, DEMO_POLICY, 'Search exclusion and a login rate limit');
}
