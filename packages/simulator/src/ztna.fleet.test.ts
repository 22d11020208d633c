import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectorRowSchema,
  nacDecisionResultSchema,
  nacHostPageSchema,
  rolloutProgressRowSchema,
  ztnaPolicySchema,
  ztnaServerSchema,
  ztnaSessionPageSchema,
} from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { startFleet, type Fleet } from './fleet';
import type { GatewayBehaviour } from './gateway-behaviour';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 25_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const ANA = 'ana@acme.test';
const BO = 'bo@acme.test';

/**
 * The simulated fleet on the zero-trust side against the real server: an app connector publishes
 * the HQ site, two users' endpoints reach its git server as the pushed policies and their posture
 * decide, the decisions reach the session logs, the connector's health the connector list, a NAC
 * block the gateway, and a staged rollout the endpoints.
 */
describe('zero-trust access enforced by the simulated fleet against the real server', () => {
  let t: TestApp;
  let fleet: Fleet | null = null;
  let tenantId: string;
  let token: string;

  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 }, ztna: { reconcileMs: 500 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tenantId = key.tenantId;
    token = (await login(t.app, 'owner@acme.test')).access;
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [
        {
          enrolmentKey: key.key,
          gateways: 1,
          appConnectors: 1,
          endpoints: 2,
          emailDomain: 'acme.test',
          // Ana passes every check on an old client; Bo's firewall is off.
          endpointSpecs: [
            { user: ANA, os: 'windows', posture: ['old-client'] },
            { user: BO, os: 'windows', posture: ['firewall-off'] },
          ],
        },
      ],
      seed: 5,
      staggerMs: 100,
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      backoff: { baseMs: 100, maxMs: 1000 },
      flowIntervalS: 0,
      urlIntervalS: 0,
      ztnaIntervalS: 1,
      // Busy users at any hour of the day the test runs, whose connections close within a second.
      ztna: { attemptsPerMinute: 600, maxSessionS: 1, updateDelayMs: 500 },
      connectorIntervalS: 1,
      nacIntervalS: 1,
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenantId}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) => {
    const res = await call(method, path, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
    return res.json() as unknown;
  };
  const sessions = async () => ztnaSessionPageSchema.parse(await ok('POST', 'logs/ztna-session-logs/', { page: 1, size: 1000, filters: [] })).results;
  const connectorId = () => fleet!.devices.find((d) => (d.behaviour as GatewayBehaviour).roles?.appConnector)!.deviceId!;

  it('allows one user through the app connector and denies the other for posture, follows a policy pushed later, reports the connector healthy', async () => {
    await waitFor('three enrolled devices', async () => fleet!.devices.every((d) => d.deviceId !== null));
    const connector = connectorRowSchema.parse(await ok('POST', 'tenant/connector/', { device_id: connectorId(), site: 'HQ' }));
    expect(connector.site).toBe('HQ');
    const git = ztnaServerSchema.parse(
      await ok('POST', 'tenant/ztna/servers/', { name: 'Git', address: 'git.corp.internal', ports: [{ protocol: 'tcp', ports: ['22', '443'] }], site: 'HQ' }),
    );
    const allow = ztnaPolicySchema.parse(
      await ok('POST', 'tenant/ztna/policies/', {
        name: 'Git with firewall',
        action: 'allow',
        sources: { users: [ANA, BO] },
        destinations: { servers: [git.id] },
        posture: { firewall: true },
      }),
    );

    const decided = await waitFor('sessions of both users to git', async () => {
      const rows = (await sessions()).filter((s) => s.server_id === git.id && s.port !== null && [22, 443].includes(s.port));
      return rows.some((s) => s.user === ANA && s.action === 'allow') && rows.some((s) => s.user === BO) && rows;
    });
    const ana = decided.filter((s) => s.user === ANA);
    expect(ana.every((s) => s.action === 'allow' && s.policy_id === allow.id && s.connector_id === connectorId() && s.bytes_in > 0)).toBe(true);
    const bo = decided.filter((s) => s.user === BO);
    expect(bo.every((s) => s.action === 'deny' && s.rule === 'posture' && s.failed_condition === 'firewall' && s.policy_id === allow.id)).toBe(true);

    // The connector probes the server it now publishes.
    const health = await waitFor('the connector health', async () => {
      const rows = connectorRowSchema.array().parse(await ok('GET', 'tenant/connector/'));
      const row = rows.find((r) => r.device_id === connectorId());
      return row && row.servers_total === 1 && row.health_at !== null && row;
    });
    expect(health.health).not.toBe('unknown');

    // A deny placed first: every later connection of Ana's is denied by it.
    const freeze = ztnaPolicySchema.parse(
      await ok('POST', 'tenant/ztna/policies/', { name: 'Freeze', order: 1, action: 'deny', sources: { everyone: true }, destinations: { sites: ['HQ'] } }),
    );
    const frozenAt = Date.now();
    const after = await waitFor("Ana's connections denied by the new policy", async () => {
      // (A port Git does not publish is refused by the server itself, before any policy.)
      const rows = (await sessions()).filter(
        (s) => s.user === ANA && s.server_id === git.id && s.rule !== 'not_published' && Date.parse(s.time) > frozenAt + 3_000,
      );
      return rows.length >= 3 && rows;
    });
    expect(
      after.every((s) => s.action === 'deny' && s.policy_id === freeze.id),
      JSON.stringify(after.find((s) => s.policy_id !== freeze.id)),
    ).toBe(true);
  }, 90_000);

  it("blocks a host on the gateway's LAN: the gateway reports it blocked", async () => {
    const hosts = await waitFor('hosts from the gateway', async () => {
      const page = nacHostPageSchema.parse(await ok('GET', 'tenant/nac/hosts/?page_size=100'));
      return page.results.length > 2 && page.results;
    });
    expect(hosts.every((h) => h.gateway_id === connectorId() && h.state === 'allowed')).toBe(true);
    const target = hosts[0]!;
    const decided = nacDecisionResultSchema.parse(await ok('POST', 'tenant/nac/hosts/decide/', { macs: [target.mac], decision: 'block' }));
    expect(decided.gateways_updated).toBe(1);
    await waitFor('the gateway enforcing the block', async () => {
      const page = nacHostPageSchema.parse(await ok('GET', `tenant/nac/hosts/?search=${encodeURIComponent(target.mac)}`));
      return page.results.some((h) => h.mac === target.mac && h.decision === 'block' && h.state === 'blocked');
    });
  }, 60_000);

  it('stages a client update: the endpoint it moves installs it and reports it; one already on it is not counted', async () => {
    const rollout = (await ok('POST', 'tenant/ztna/client-rollouts/', { os: 'windows', version: '2.1.12', percentage: 100 })) as { id: string };
    const progress = await waitFor("Ana's endpoint updated", async () => {
      const rows = rolloutProgressRowSchema.array().parse(await ok('GET', `tenant/ztna/client-rollouts/${rollout.id}/progress/`));
      return rows.some((r) => r.user === ANA && r.state === 'updated' && r.version === '2.1.12') && rows;
    });
    // Bo already ran 2.1.12 when the rollout began: the stage moves him nowhere, so its progress leaves him out.
    expect(progress.map((r) => r.user)).toEqual([ANA]);
  }, 60_000);
});
