import { afterAll, beforeAll, expect, it } from 'vitest';
import { configDocumentSchema, configHash, configTemplateSchema, deviceConfigSchema, type ConfigDocument, type ConfigFamily } from '@netloom/domain';
import { bearer, build, login, type TestApp } from './build';
import { enrolmentKey, TestAgent } from './agent-client';
import { waitFor } from './wait-for';

/** One family as the shared journeys take it: a valid section, one with a `{{variable}}` and its value, and one that breaks a rule. */
export interface FamilyCase {
  section: unknown;
  templated: unknown;
  value: Record<string, string>;
  rendered: (doc: ConfigDocument) => unknown;
  expected: unknown;
  bad: unknown;
  badField: string;
}

/**
 * A server with Acme's editor signed in and gateways that enrol and answer pushes as devices do:
 * what every family's server test needs (each test file runs it on its databases).
 */
export function familyHarness(backend: Parameters<typeof build>[0], overrides?: Parameters<typeof build>[1]) {
  let t: TestApp;
  let key: string;
  let token: string;
  const agents: TestAgent[] = [];
  beforeAll(async () => {
    t = await build(backend, overrides);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    key = (await enrolmentKey(t.app, 'Acme')).key;
    token = (await login(t.app, 'editor@acme.test')).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const state = async (id: string) => deviceConfigSchema.parse((await call('GET', `device/config/${id}/`)).json());
  return {
    app: () => t.app,
    call,
    state,
    gateway: async (serial: string) => {
      const agent = await TestAgent.connect(t.app);
      agents.push(agent);
      agent.hello({ kind: 'enrol', enrolment_key: key }, { serial, name: `edge-${serial}` });
      const welcome = (await agent.next('welcome')) as { device_id: string };
      return { agent, id: welcome.device_id };
    },
    /** Answers the next push as a device does: applied (its hash) or refused with its reason. */
    answer: async (agent: TestAgent, ok = true, output = 'configuration applied') => {
      const job = await agent.next('job');
      const payload = job.payload as { config_hash: string; document: unknown };
      agent.send({ type: 'job_result', job_id: job.job_id, ok, output, ...(ok ? { config_hash: payload.config_hash } : {}) });
      await agent.next('ack');
      return payload;
    },
    synced: (id: string) => waitFor(async () => (await state(id)).sync.state === 'synced'),
  };
}
type Harness = ReturnType<typeof familyHarness>;

/** The journeys every family takes: saved, pushed whole, synced and rolled back; refused at its field; rendered from a template with a variable. */
export function itTakesEachFamily(h: Harness, cases: Partial<Record<ConfigFamily, FamilyCase>>, interfaces: unknown, serial: string) {
  const families = Object.keys(cases) as ConfigFamily[];
  const withInterfaces = async (prefix: string, family: string) => {
    const g = await h.gateway(`SN-${serial}-${prefix}-${family}`);
    expect((await h.call('PUT', `device/config/${g.id}/sections/interfaces/`, { section: interfaces })).statusCode).toBe(200);
    await h.answer(g.agent);
    return g;
  };

  it.each(families)('takes a %s section: saved, pushed whole, synced, and rolled back', async (family) => {
    const f = cases[family]!;
    const { agent, id } = await withInterfaces('OK', family);
    const saved = await h.call('PUT', `device/config/${id}/sections/${family}/`, { section: f.section, message: `${family} on` });
    expect(saved.statusCode, saved.body).toBe(200);
    const pushed = await h.answer(agent);
    const document = configDocumentSchema.parse(pushed.document);
    expect(document[family]).toEqual((configDocumentSchema.shape[family] as { parse(v: unknown): unknown }).parse(f.section));
    expect(pushed.config_hash).toBe(configHash(document));
    await h.synced(id);
    // Back to the revision before it: the family is gone from what the device runs.
    const revisions = (await h.call('GET', `device/config/${id}/revisions/`)).json().results as { id: string; number: number }[];
    const before = revisions.find((r) => r.number === 1)!;
    const back = await h.call('POST', `device/config/${id}/revisions/${before.id}/rollback/`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(configDocumentSchema.parse((await h.answer(agent)).document)[family]).toBeUndefined();
    await h.synced(id);
  });

  it.each(families)('refuses a %s section that breaks its rules, naming the field, and pushes nothing', async (family) => {
    const f = cases[family]!;
    const { id } = await withInterfaces('BAD', family);
    const res = await h.call('PUT', `device/config/${id}/sections/${family}/`, { section: f.bad });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([f.badField]);
    expect((await h.state(id)).revision?.number).toBe(1);
  });

  it.each(families)('renders a %s template section with a variable for each device', async (family) => {
    const f = cases[family]!;
    const { agent, id } = await withInterfaces('TPL', family);
    const tpl = configTemplateSchema.parse((await h.call('POST', 'template/config/', { name: `With ${family}` })).json());
    const section = await h.call('PUT', `template/config/${tpl.id}/sections/${family}/`, { section: f.templated });
    expect(section.statusCode, section.body).toBe(200);
    expect(section.json().variables).toEqual(Object.keys(f.value));
    const bound = await h.call('PUT', `template/bindings/device/${id}/`, { template_ids: [tpl.id], variables: f.value });
    expect(bound.statusCode, bound.body).toBe(200);
    const pushed = configDocumentSchema.parse((await h.answer(agent)).document);
    expect(f.rendered(pushed)).toBe(f.expected);
    await h.synced(id);
  });
}
