import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configHash, configRevisionListSchema, deviceConfigSchema, type ConfigDocument } from '@netloom/domain';
import type { Actor } from '../../http/access';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';
import type { SectionProvider } from './index';

/**
 * A product the configuration engine has never heard of (a WAF edge's rule set), registered the way
 * the web filter and zero trust are: its section reaches devices through the engine, which names
 * no product.
 */
const wafRules = new Map<string, string[]>();
const rendered: string[] = [];
const wafEdge: SectionProvider<string[]> = {
  name: 'waf_edge',
  sections: ['waf_edge'],
  load: async (_db, tenantId) => wafRules.get(tenantId) ?? null,
  render: (rules, device) => {
    rendered.push(device.id);
    return device.kind === 'gateway' ? { waf_edge: { rules } } : null;
  },
  cacheKey: (_rules, device) => device.kind,
};

const lan = { lan: [{ name: 'lan1', ip: '192.168.30.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };

describe.each(testBackends('pglite'))('a section provider of a later product on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let token: string;
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend, (c) => c, undefined, { sectionProviders: [wafEdge] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    token = (await login(t.app, 'editor@acme.test')).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: welcome.device_id };
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/device/config/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const pushedDocument = (job: Record<string, unknown>) => (job.payload as { document: ConfigDocument & { waf_edge?: unknown } }).document;

  it("renders its section into a device's document, hashes it with the rest and pushes it; a save renders once", async () => {
    wafRules.set(acme.tenantId, ['942100']);
    const { agent, id } = await gateway('SN-WAF-1');
    rendered.length = 0;
    const saved = await call('PUT', `${id}/`, { document: { interfaces: lan } });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = deviceConfigSchema.parse(saved.json());
    expect(config.document.waf_edge).toEqual({ rules: ['942100'] });
    expect(config.revision?.hash).toBe(configHash(config.document));
    expect(rendered.filter((d) => d === id)).toHaveLength(1);

    const job = await agent.next('job');
    expect(job).toMatchObject({ kind: 'apply_config', payload: { config_hash: config.revision!.hash } });
    expect(pushedDocument(job).waf_edge).toEqual({ rules: ['942100'] });
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: config.revision!.hash });
    await agent.next('ack');
    await waitFor(async () => deviceConfigSchema.parse((await call('GET', `${id}/`)).json()).sync.state === 'synced');
  });

  it('takes a change of the product to the devices it touches as revisions of its own, and keeps its section out of imports', async () => {
    const { agent, id } = await gateway('SN-WAF-2');
    await call('PUT', `${id}/`, { document: { interfaces: lan } });
    const first = await agent.next('job');
    agent.send({ type: 'job_result', job_id: first.job_id, ok: true, output: 'applied', config_hash: (first.payload as { config_hash: string }).config_hash });
    await agent.next('ack');

    wafRules.set(acme.tenantId, ['942100', '941100']);
    const actor: Actor = {
      scope: { tenantId: acme.tenantId, tenantName: 'Acme', role: null, isSuperAdmin: false },
      userId: crypto.randomUUID(),
      email: 'waf',
      ip: '',
    };
    const { deviceConfig } = t.app.services;
    const outcomes = await t.app.services.db.transaction((tx) =>
      deviceConfig.recommit(tx, actor, { deviceIds: [id], message: 'WAF rules changed', source: wafEdge.name }),
    );
    await deviceConfig.announce(outcomes);
    const job = await agent.next('job');
    expect(pushedDocument(job).waf_edge).toEqual({ rules: ['942100', '941100'] });
    const revisions = configRevisionListSchema.parse((await call('GET', `${id}/revisions/`)).json()).results;
    expect(revisions[0]).toMatchObject({ number: 2, source: 'waf_edge', message: 'WAF rules changed' });

    // Its section is the product's to make: an imported document's copy of it is left out.
    const imported = await call('POST', `${id}/import/`, { document: { interfaces: lan, waf_edge: { rules: ['made-up'] } } });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(deviceConfigSchema.parse(imported.json()).document.waf_edge).toEqual({ rules: ['942100', '941100'] });
    // A key no family and no provider owns is refused as before.
    const unknown = await call('PUT', `${id}/`, { document: { interfaces: lan, bogus: {} } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty(['document.bogus']);
  });
});
