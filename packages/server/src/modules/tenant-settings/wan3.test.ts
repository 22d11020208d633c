import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPreferenceSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { addDevice, demoTenantIds } from '../../fleet/test-fixtures';

const links = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `WAN${i + 1}`, status: 'up' as const, ifname: `eth${i}`, weight: 1 }));

describe.each(testBackends('pglite'))('the third WAN tile on %s', (backend) => {
  let t: TestApp;
  let viewer: string;
  let ids: { acme: string; globex: string };
  beforeAll(async () => {
    t = await build(backend);
    ids = await demoTenantIds(t.app.services.db);
    viewer = (await login(t.app, 'viewer@acme.test')).access;
  });
  afterAll(() => t.close());

  const wan3 = async () =>
    configPreferenceSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/config/config-preference/', headers: bearer(viewer) })).json())
      .wan3_available;

  it('is offered once a device of the tenant in its inventory has three WAN links, not for another tenant or a removed device', async () => {
    const db = t.app.services.db;
    await addDevice(db, ids.acme, { wanStatus: links(2) });
    await addDevice(db, ids.acme, { wanStatus: links(3), claimed: false });
    await addDevice(db, ids.globex, { wanStatus: links(4) });
    expect(await wan3()).toBe(false);
    await addDevice(db, ids.acme, { wanStatus: links(3) });
    expect(await wan3()).toBe(true);
  });
});
