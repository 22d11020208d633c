import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configOperationSchema, type ConfigOperation } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { startFleet, type Fleet } from './fleet';

const GATEWAYS = 200;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A template change pushed to a device group of 200 simulated gateways, each applying it for real. */
describe.each(testBackends('pglite'))('a template pushed to 200 gateways on %s', (backend) => {
  let t: TestApp;
  let fleet: Fleet;
  let tid: string;
  let token: string;

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, sockets: { ...c.sockets, preAuthPerAddress: GATEWAYS } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tid = key.tenantId;
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [{ enrolmentKey: key.key, gateways: GATEWAYS, endpoints: 0, emailDomain: 'acme.test' }],
      seed: 11,
      staggerMs: 2000,
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      backoff: { baseMs: 100, maxMs: 1000 },
      // Flow export is not what this measures: 200 gateways' first exports, all within seconds and
      // ingested by the server sharing this process, would only slow the connections it waits for.
      flowIntervalS: 0,
    });
    token = (await login(t.app, 'editor@acme.test')).access;
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1/${url}${url.includes('?') ? '&' : '?'}tid=${tid}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const finished = (id: string) =>
    waitFor(`operation ${id} done`, async () => {
      const op: ConfigOperation = configOperationSchema.parse(await api('GET', `template/operations/${id}/`));
      return op.done && op;
    });

  it('reaches every gateway, shows the progress, and each runs the rendered document', async () => {
    await waitFor('every gateway connected', async () => fleet.counts().connected === GATEWAYS);
    const ids = fleet.devices.map((d) => d.deviceId!);
    const group = await api('POST', 'network/list/', { name: 'Branches' });
    await api('PUT', `network/${group.id}/devices/`, { device_ids: ids });
    const tpl = await api('POST', 'template/config/', { name: 'Branch', defaults: { dc: '172.16' } });
    await api('PUT', `template/config/${tpl.id}/sections/static_routes/`, {
      section: [{ id: crypto.randomUUID(), name: 'to-dc', destination: '{{dc}}.0.0/16', gateway: '10.0.0.1' }],
    });
    const bound = await api('PUT', `template/bindings/network/${group.id}/`, { template_ids: [tpl.id], variables: {} });
    const first = await finished(bound.operation_id);
    expect(first.counts).toMatchObject({ synced: GATEWAYS, failed: 0, invalid: 0 });

    // A change to the template: previewed, then applied to all of them as one operation.
    await api('PUT', `template/config/${tpl.id}/`, { defaults: { dc: '172.20' } });
    expect(await api('GET', `template/config/${tpl.id}/preview/`)).toMatchObject({ changed: GATEWAYS, unchanged: 0, invalid: 0 });
    const started = Date.now();
    const applied = configOperationSchema.parse(await api('POST', `template/config/${tpl.id}/apply/`));
    expect(applied.devices).toHaveLength(GATEWAYS);
    const done = await finished(applied.id);
    console.log(`template applied to ${GATEWAYS} simulated gateways on ${backend}: all synced in ${Date.now() - started} ms`);
    expect(done.counts).toMatchObject({ synced: GATEWAYS, failed: 0 });
    expect(fleet.devices.every((d) => d.runningConfig?.static_routes?.[0]?.destination === '172.20.0.0/16')).toBe(true);
  }, 120_000);
});
