import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { configExportSchema, configHash, deviceConfigSchema } from '@netloom/domain';
import { configRevisions, deviceJobs } from '../../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

const lan = { lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };
const route = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `route-${n}`,
  destination: `10.${n}.0.0/16`,
  gateway: '192.168.10.254',
  metric: 0,
  enabled: true,
});

describe.each(testBackends('pglite'))('configuration export and import on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    for (const who of ['editor@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge ${serial}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: welcome.device_id };
  };
  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/device/config/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const revisions = (id: string) => t.app.services.db.select().from(configRevisions).where(eq(configRevisions.deviceId, id));
  const jobs = (id: string) => t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, id));

  it('exports the desired document as a file, and imports it on another gateway as a revision from import that is pushed', async () => {
    const from = await gateway('SN-EXP-1');
    const document = { interfaces: lan, static_routes: [route(1), route(2)] };
    expect((await call('editor@acme.test', 'PUT', `${from.id}/`, { document })).statusCode).toBe(200);

    const res = await call('viewer@acme.test', 'GET', `${from.id}/export/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="edge_SN-EXP-1-r1.json"');
    const file = configExportSchema.parse(res.json());
    expect(file).toMatchObject({ part: 'document', device: { id: from.id, name: 'edge SN-EXP-1' }, revision: { number: 1, hash: configHash(document) } });
    expect(file.document).toEqual(document);

    const to = await gateway('SN-EXP-2');
    const imported = await call('editor@acme.test', 'POST', `${to.id}/import/`, { document: file.document, message: 'from edge 1' });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(deviceConfigSchema.parse(imported.json())).toMatchObject({
      revision: { number: 1, source: 'import', message: 'from edge 1', author_email: 'editor@acme.test' },
      sync: { state: 'syncing', desired_hash: configHash(document) },
    });
    expect(await to.agent.next('job')).toMatchObject({ kind: 'apply_config', payload: { config_hash: configHash(document), document } });

    // The same file again changes nothing: no revision, no push.
    await call('editor@acme.test', 'POST', `${to.id}/import/`, { document: file.document });
    expect(await revisions(to.id)).toHaveLength(1);
    expect(await jobs(to.id)).toHaveLength(1);
  });

  it("exports only the device's own sections with part=own, without the server-made ones", async () => {
    const { id } = await gateway('SN-EXP-3');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: { interfaces: lan } });
    const file = configExportSchema.parse((await call('viewer@acme.test', 'GET', `${id}/export/?part=own`)).json());
    expect(file).toMatchObject({ part: 'own', document: { interfaces: lan } });
    expect(Object.keys(file.document)).toEqual(['interfaces']);
  });

  it('refuses an invalid file with the path of each bad field, and stores nothing', async () => {
    const { id } = await gateway('SN-EXP-4');
    const badField = await call('editor@acme.test', 'POST', `${id}/import/`, {
      document: { interfaces: lan, static_routes: [{ ...route(1), destination: '10.1.2.3/16' }], routes: [] },
    });
    expect(badField.statusCode).toBe(400);
    expect(Object.keys(badField.json().errors).sort()).toEqual(['document.routes', 'document.static_routes.0.destination']);
    // Each family valid on its own, but the route's gateway is reached through no configured subnet.
    const unreachable = await call('editor@acme.test', 'POST', `${id}/import/`, {
      document: { interfaces: lan, static_routes: [{ ...route(1), gateway: '172.16.0.1' }] },
    });
    expect(unreachable.statusCode).toBe(400);
    expect(Object.keys(unreachable.json().errors)).toEqual(['document.static_routes.0.gateway']);
    expect(await revisions(id)).toHaveLength(0);
    expect(await jobs(id)).toHaveLength(0);
  });

  it('lets viewers export but not import, and answers 404 for another tenant', async () => {
    const { id } = await gateway('SN-EXP-5');
    const document = { interfaces: lan };
    expect((await call('viewer@acme.test', 'POST', `${id}/import/`, { document })).statusCode).toBe(403);
    expect((await call('owner@globex.test', 'GET', `${id}/export/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'POST', `${id}/import/`, { document })).statusCode).toBe(404);
    expect(await revisions(id)).toHaveLength(0);
  });
});
