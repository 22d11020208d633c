import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configDocumentSchema, configHash, configTemplateSchema, deviceConfigSchema, type ConfigDocument } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const interfaces = { lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24 }], wan: [{ name: 'wan1', mode: 'dhcp' }] };

/** One section of each new family, and one with a `{{variable}}` in a text field for a template. */
const FAMILIES = {
  qos: {
    section: {
      interfaces: [{ interface: 'wan1', upload_kbps: 20_000, download_kbps: 100_000 }],
      classes: [{ id: uuid(1), name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 }],
      rules: [{ id: uuid(2), name: 'rtp', class: 'voice', dscp: 46 }],
    },
    templated: {
      interfaces: [{ interface: '{{uplink}}', upload_kbps: 20_000, download_kbps: 100_000 }],
      classes: [{ id: uuid(1), name: 'voice', guaranteed_pct: 30, maximum_pct: 50, priority: 1 }],
      rules: [],
    },
    value: { uplink: 'wan1' },
    rendered: (doc: ConfigDocument) => doc.qos?.interfaces[0]?.interface,
    expected: 'wan1',
    bad: {
      classes: [
        { id: uuid(1), name: 'a', guaranteed_pct: 60, maximum_pct: 100, priority: 1 },
        { id: uuid(3), name: 'b', guaranteed_pct: 50, maximum_pct: 100, priority: 2 },
      ],
    },
    badField: 'section.classes.1.guaranteed_pct',
  },
  vrrp: {
    section: { groups: [{ id: uuid(4), interface: 'lan1', vrid: 10, virtual_ip: '192.168.10.254', priority: 150 }] },
    templated: { groups: [{ id: uuid(4), interface: 'lan1', vrid: 10, virtual_ip: '{{vip}}' }] },
    value: { vip: '192.168.10.253' },
    rendered: (doc: ConfigDocument) => doc.vrrp?.groups[0]?.virtual_ip,
    expected: '192.168.10.253',
    bad: { groups: [{ id: uuid(4), interface: 'lan1', vrid: 10, virtual_ip: '192.168.10.1' }] },
    badField: 'section.groups.0.virtual_ip',
  },
  bgp: {
    section: { asn: 65001, router_id: '10.255.0.1', neighbours: [{ id: uuid(5), address: '10.255.0.2', remote_asn: 65002 }], networks: ['192.168.10.0/24'] },
    templated: { asn: 65001, router_id: '{{router_id}}', neighbours: [], networks: [] },
    value: { router_id: '10.255.0.9' },
    rendered: (doc: ConfigDocument) => doc.bgp?.router_id,
    expected: '10.255.0.9',
    bad: { asn: 65001, router_id: '10.255.0.1', neighbours: [{ id: uuid(5), address: '10.255.0.2', remote_asn: 65002, route_map_in: 'nope' }] },
    badField: 'section.neighbours.0.route_map_in',
  },
} as const;

describe.each(testBackends('pglite'))('QoS, VRRP and BGP configuration on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  let token: string;
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
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
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const state = async (id: string) => deviceConfigSchema.parse((await call('GET', `device/config/${id}/`)).json());
  /** Answers the next push as a device does: applied (its hash) or refused with its reason. */
  const answer = async (agent: TestAgent, ok = true, output = 'configuration applied') => {
    const job = await agent.next('job');
    const payload = job.payload as { config_hash: string; document: unknown };
    agent.send({ type: 'job_result', job_id: job.job_id, ok, output, ...(ok ? { config_hash: payload.config_hash } : {}) });
    await agent.next('ack');
    return payload;
  };
  const synced = (id: string) => waitFor(async () => (await state(id)).sync.state === 'synced');

  it.each(Object.keys(FAMILIES) as (keyof typeof FAMILIES)[])('takes a %s section: saved, pushed whole, synced, and rolled back', async (family) => {
    const f = FAMILIES[family];
    const { agent, id } = await gateway(`SN-FAM-${family}`);
    expect((await call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces })).statusCode).toBe(200);
    await answer(agent);
    const saved = await call('PUT', `device/config/${id}/sections/${family}/`, { section: f.section, message: `${family} on` });
    expect(saved.statusCode, saved.body).toBe(200);
    const pushed = await answer(agent);
    const document = configDocumentSchema.parse(pushed.document);
    expect(document[family]).toEqual(configDocumentSchema.shape[family].parse(f.section));
    expect(pushed.config_hash).toBe(configHash(document));
    await synced(id);
    // Back to the revision before it: the family is gone from what the device runs.
    const revisions = (await call('GET', `device/config/${id}/revisions/`)).json().results as { id: string; number: number }[];
    const before = revisions.find((r) => r.number === 1)!;
    const back = await call('POST', `device/config/${id}/revisions/${before.id}/rollback/`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(configDocumentSchema.parse((await answer(agent)).document)[family]).toBeUndefined();
    await synced(id);
  });

  it.each(Object.keys(FAMILIES) as (keyof typeof FAMILIES)[])(
    'refuses a %s section that breaks its rules, naming the field, and pushes nothing',
    async (family) => {
      const f = FAMILIES[family];
      const { agent, id } = await gateway(`SN-BAD-${family}`);
      await call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
      await answer(agent);
      const res = await call('PUT', `device/config/${id}/sections/${family}/`, { section: f.bad });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([f.badField]);
      expect((await state(id)).revision?.number).toBe(1);
    },
  );

  it.each(Object.keys(FAMILIES) as (keyof typeof FAMILIES)[])('renders a %s template section with a variable for each device', async (family) => {
    const f = FAMILIES[family];
    const { agent, id } = await gateway(`SN-TPL-${family}`);
    await call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await answer(agent);
    const tpl = configTemplateSchema.parse((await call('POST', 'template/config/', { name: `With ${family}` })).json());
    const section = await call('PUT', `template/config/${tpl.id}/sections/${family}/`, { section: f.templated });
    expect(section.statusCode, section.body).toBe(200);
    expect(section.json().variables).toEqual(Object.keys(f.value));
    const bound = await call('PUT', `template/bindings/device/${id}/`, { template_ids: [tpl.id], variables: f.value });
    expect(bound.statusCode, bound.body).toBe(200);
    const pushed = configDocumentSchema.parse((await answer(agent)).document);
    expect(f.rendered(pushed)).toBe(f.expected);
    await synced(id);
  });

  it("shows a gateway's refusal of a section its model cannot run as failed, with the gateway's words", async () => {
    const { agent, id } = await gateway('SN-FAM-LIMIT');
    await call('PUT', `device/config/${id}/sections/interfaces/`, { section: interfaces });
    await answer(agent);
    await call('PUT', `device/config/${id}/sections/vrrp/`, { section: FAMILIES.vrrp.section });
    await answer(agent, false, 'vrrp.groups: this gateway runs at most 8 VRRP groups (9 given)');
    expect((await state(id)).sync).toMatchObject({ state: 'failed', error: 'vrrp.groups: this gateway runs at most 8 VRRP groups (9 given)' });
  });
});
