import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { configOperationListSchema, configOperationSchema, configTemplateSchema, deviceConfigSchema, templatePreviewSchema } from '@netloom/domain';
import { deviceJobs, devices, networks } from '../../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A branch LAN whose addresses come from the site number: `10.{{site}}.0.1`. */
const branchLan = { lan: [{ name: 'lan1', ip: '10.{{site}}.0.1', prefix: 24 }], wan: [] };
const branchRoute = (n: number) => ({ id: uuid(n), name: `dc-${n}`, destination: `172.${16 + n}.0.0/16`, gateway: '10.{{site}}.0.254' });

describe.each(testBackends('pglite'))('config templates on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    // A gateway's new public address reaches its Auto VPN peers once it has held a second.
    t = await build(backend, (c) => ({ ...c, fleet: { ...c.fleet, autoVpnAddressSettleSeconds: 1 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    for (const who of ['owner@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  /** A connected gateway of Acme that answers every configuration push by applying it. */
  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: welcome.device_id };
  };
  const answerNext = async (agent: TestAgent) => {
    const job = await agent.next('job');
    agent.send({ type: 'job_result', job_id: job.job_id, ok: true, output: 'applied', config_hash: (job.payload as { config_hash: string }).config_hash });
    return job;
  };
  const group = async (name: string, ids: string[]) => {
    const id = crypto.randomUUID();
    await t.app.services.db.insert(networks).values({ id, tenantId: acme.tenantId, name });
    for (const d of ids) await t.app.services.db.update(devices).set({ networkId: id }).where(eq(devices.id, d));
    return id;
  };
  const call = (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const editor = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) => call('editor@acme.test', method, url, payload);
  const jobsOf = (id: string) => t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, id));
  const operation = async (id: string) => configOperationSchema.parse((await editor('GET', `template/operations/${id}/`)).json());
  const newTemplate = async (name: string) => {
    const res = await editor('POST', 'template/config/', { name, description: 'Branch offices' });
    expect(res.statusCode, res.body).toBe(201);
    return configTemplateSchema.parse(res.json());
  };

  it('renders a template with a variable per device of a group, and pushes the group as one operation', async () => {
    const [a, b, c] = [await gateway('SN-TPL-A'), await gateway('SN-TPL-B'), await gateway('SN-TPL-C')];
    const tpl = await newTemplate('Branch');
    expect((await editor('PUT', `template/config/${tpl.id}/sections/interfaces/`, { section: branchLan })).statusCode).toBe(200);
    const saved = await editor('PUT', `template/config/${tpl.id}/sections/static_routes/`, { section: [branchRoute(1)] });
    expect(saved.json()).toMatchObject({ variables: ['site'], version: 3 });
    // Device values first (no templates of their own), then the group gets the template.
    for (const [d, site] of [
      [a, '1'],
      [b, '2'],
    ] as const) {
      const res = await editor('PUT', `template/bindings/device/${d.id}/`, { template_ids: [], variables: { site } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const branches = await group('Branches', [a.id, b.id, c.id]);
    const bound = await editor('PUT', `template/bindings/network/${branches}/`, { template_ids: [tpl.id], variables: {} });
    expect(bound.statusCode, bound.body).toBe(200);
    // A device of the group is told which templates it inherits: it gives their variables its values without binding them itself.
    expect((await editor('GET', `template/bindings/device/${a.id}/`)).json()).toEqual({
      template_ids: [],
      variables: { site: '1' },
      inherited_template_ids: [tpl.id],
    });
    const opId = bound.json().operation_id as string;
    const first = await operation(opId);
    expect(first.counts.invalid).toBe(1);
    expect(first.devices.find((d) => d.device_id === c.id)).toMatchObject({
      state: 'invalid',
      error: '{{site}} has no value for device edge-SN-TPL-C (template Branch)',
    });
    expect(first.done).toBe(false);
    const jobA = await answerNext(a.agent);
    expect(jobA.payload).toMatchObject({ document: { interfaces: { lan: [{ ip: '10.1.0.1' }] }, static_routes: [{ gateway: '10.1.0.254' }] } });
    await answerNext(b.agent);
    const done = await waitFor(async () => {
      const op = await operation(opId);
      return op.done && op;
    });
    expect(done.counts).toMatchObject({ synced: 2, invalid: 1, failed: 0 });
    const config = await waitFor(async () => {
      const c = deviceConfigSchema.parse((await editor('GET', `device/config/${b.id}/`)).json());
      return c.sync.state === 'synced' && c;
    });
    expect(config.sections).toEqual([
      { family: 'interfaces', template: { id: tpl.id, name: 'Branch' } },
      { family: 'static_routes', template: { id: tpl.id, name: 'Branch' } },
    ]);
    expect(config.revision).toMatchObject({ source: 'template', message: 'Templates of Branches changed' });

    // Editing the template pushes nothing; the preview says who changes; applying pushes them.
    const before = (await jobsOf(a.id)).length;
    await editor('PUT', `template/config/${tpl.id}/sections/static_routes/`, { section: [branchRoute(1), branchRoute(2)] });
    expect((await jobsOf(a.id)).length).toBe(before);
    const preview = templatePreviewSchema.parse((await editor('GET', `template/config/${tpl.id}/preview/`)).json());
    expect(preview).toMatchObject({ changed: 2, unchanged: 0, invalid: 1 });
    const diff = (await editor('GET', `template/config/${tpl.id}/preview/${a.id}/`)).json();
    expect(diff.current.static_routes).toHaveLength(1);
    expect(diff.rendered.static_routes).toHaveLength(2);
    const applied = configOperationSchema.parse((await editor('POST', `template/config/${tpl.id}/apply/`)).json());
    expect(applied.title).toBe('Template Branch applied');
    await answerNext(a.agent);
    await answerNext(b.agent);
    await waitFor(async () => (await operation(applied.id)).counts.synced === 2);
    // The tenant's pushes, newest first, with their progress: the apply, then the group's binding.
    const recent = configOperationListSchema.parse((await call('viewer@acme.test', 'GET', 'template/operations/?page_size=2')).json());
    expect(recent.count).toBe(4);
    expect(recent.results.map((o) => [o.id, o.title, o.done, o.counts.synced])).toEqual([
      [applied.id, 'Template Branch applied', true, 2],
      [opId, 'Templates of Branches changed', true, 2],
    ]);

    // The device's own section wins over the template's; dropping it hands the family back.
    const own = await editor('PUT', `device/config/${a.id}/sections/static_routes/`, { section: [] });
    expect(own.statusCode, own.body).toBe(200);
    expect(deviceConfigSchema.parse(own.json()).sections.find((s) => s.family === 'static_routes')).toEqual({ family: 'static_routes', template: null });
    await answerNext(a.agent);
    const back = deviceConfigSchema.parse((await editor('DELETE', `device/config/${a.id}/sections/static_routes/`)).json());
    expect(back.document.static_routes).toHaveLength(2);
  });

  it('checks a template section with its family schema, leaving fields with variables for each device', async () => {
    const tpl = await newTemplate('Checked');
    const bad = await editor('PUT', `template/config/${tpl.id}/sections/interfaces/`, {
      section: { lan: [{ name: 'lan1', ip: '10.0.0.999', prefix: 24 }], wan: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['section.lan.0.ip']);
    expect((await editor('GET', `template/config/${tpl.id}/`)).json().sections).toEqual({});
    expect((await editor('POST', 'template/config/', { name: 'checked' })).json().errors).toEqual({ name: ['A template with this name already exists.'] });
    const unknown = await editor('PUT', `template/bindings/network/${await group('Empty', [])}/`, { template_ids: [crypto.randomUUID()], variables: {} });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps edits in a draft until pushed as one revision, and turns families off through enable-configs', async () => {
    const { agent, id } = await gateway('SN-TPL-D');
    const lan = { lan: [{ name: 'lan1', ip: '192.168.7.1', prefix: 24 }], wan: [] };
    const drafted = await editor('PUT', `device/config/${id}/sections/interfaces/`, { section: lan, draft: true });
    expect(drafted.json()).toMatchObject({ revision: null, draft: { author_email: 'editor@acme.test' }, document: { interfaces: lan } });
    // While there is a draft, edits go into it.
    await editor('PUT', `device/config/${id}/sections/static_routes/`, {
      section: [{ id: uuid(9), name: 'r', destination: '10.9.0.0/16', gateway: '192.168.7.254' }],
    });
    expect(await jobsOf(id)).toHaveLength(0);
    const pushed = await editor('POST', `device/config/${id}/draft/push/`, { message: 'two families at once' });
    expect(pushed.json()).toMatchObject({ revision: { number: 1, message: 'two families at once' }, draft: null });
    expect((await answerNext(agent)).payload).toMatchObject({ document: { interfaces: { lan: [{ ip: '192.168.7.1' }] }, static_routes: [{ name: 'r' }] } });

    expect((await editor('GET', `device/config/${id}/enable-configs/`)).json()).toMatchObject({
      families: { interfaces: true, static_routes: true },
      auto_sync: true,
    });
    const off = await editor('POST', `device/config/${id}/enable-configs/`, { families: { static_routes: false }, auto_sync: false });
    expect(off.json()).toMatchObject({ families: { static_routes: false }, auto_sync: false });
    const job = await answerNext(agent);
    expect((job.payload as { document: object }).document).not.toHaveProperty('static_routes');
    // Auto-sync off: a local change is left alone.
    agent.heartbeat({ config_hash: 'changed-on-the-box' });
    await agent.next('ack');
    agent.heartbeat({ config_hash: 'changed-on-the-box' });
    await agent.next('ack');
    expect((await jobsOf(id)).filter((j) => j.kind === 'full_sync')).toHaveLength(0);
    await waitFor(async () => (await editor('GET', `device/config/${id}/`)).json().sync.state === 'drifted');
  });

  it('builds Auto VPN from one setting: each gateway gets its peers, and the others follow when one joins or leaves', async () => {
    const gws = [await gateway('SN-VPN-HUB'), await gateway('SN-VPN-S1'), await gateway('SN-VPN-S2')];
    const setting = async (i: number, role: 'hub' | 'spoke', enabled = true) => {
      const n = i + 1;
      await editor('PUT', `device/config/${gws[i]!.id}/sections/interfaces/`, {
        section: { lan: [{ name: 'lan1', ip: `10.${60 + n}.0.1`, prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
      });
      const res = await editor('PUT', `device/config/${gws[i]!.id}/sections/ipsec/`, {
        section: { tunnels: [], auto_vpn: { enabled, topology: 'hub-and-spoke', role, subnets: [`10.${60 + n}.0.0/16`] } },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const peers = async (i: number) =>
      (deviceConfigSchema.parse((await editor('GET', `device/config/${gws[i]!.id}/`)).json()).document.ipsec?.auto_vpn?.peers ?? []).map((p) => p.name);
    await setting(0, 'hub');
    await setting(1, 'spoke');
    await setting(2, 'spoke');
    expect(await peers(0)).toEqual(expect.arrayContaining(['edge-SN-VPN-S1', 'edge-SN-VPN-S2']));
    expect(await peers(1)).toEqual(['edge-SN-VPN-HUB']);
    // The hub's push named both spokes: it was pushed again when the second joined.
    const hubJobs = (await jobsOf(gws[0]!.id)).filter((j) => j.kind === 'apply_config');
    const last = hubJobs.sort((a, b) => +a.createdAt - +b.createdAt).at(-1)!;
    expect((last.payload.document as { ipsec: { auto_vpn: { peers: unknown[] } } }).ipsec.auto_vpn.peers).toHaveLength(2);
    // A spoke leaves: the hub keeps one peer.
    await setting(2, 'spoke', false);
    expect(await peers(0)).toEqual(['edge-SN-VPN-S1']);
    expect(await peers(2)).toEqual([]);
  });

  it("writes a gateway's new public address into its Auto VPN peers' documents once it has held, and pushes it to them once", async () => {
    const [hub, spoke] = [await gateway('SN-ADDR-HUB'), await gateway('SN-ADDR-SPOKE')];
    for (const [i, g, role] of [
      [1, hub, 'hub'],
      [2, spoke, 'spoke'],
    ] as const) {
      await editor('PUT', `device/config/${g.id}/sections/interfaces/`, {
        section: { lan: [{ name: 'lan1', ip: `10.${80 + i}.0.1`, prefix: 16 }], wan: [{ name: 'wan1', mode: 'dhcp' }] },
      });
      await editor('PUT', `device/config/${g.id}/sections/ipsec/`, {
        section: { tunnels: [], auto_vpn: { enabled: true, topology: 'hub-and-spoke', role, subnets: [`10.${80 + i}.0.0/16`] } },
      });
    }
    // What the hub was last pushed: where it reaches the spoke.
    const pushedAddress = async () => {
      const last = (await jobsOf(hub.id)).sort((x, y) => +x.createdAt - +y.createdAt).at(-1)!;
      const peers = (last.payload.document as { ipsec: { auto_vpn: { peers: { name: string; address: string | null }[] } } }).ipsec.auto_vpn.peers;
      return peers.find((p) => p.name === 'edge-SN-ADDR-SPOKE')?.address;
    };
    const hubRevisions = async () => (await editor('GET', `device/config/${hub.id}/revisions/`)).json().count as number;
    const before = { address: await pushedAddress(), revisions: await hubRevisions() };
    // A failover to a second line and on to a third within the second: one push, of the last address.
    for (const address of ['198.51.100.76', '198.51.100.77']) {
      spoke.agent.heartbeat({ public_ip: address });
      await spoke.agent.next('ack');
    }
    expect(await pushedAddress()).toBe(before.address);
    await waitFor(async () => (await pushedAddress()) === '198.51.100.77');
    expect(await hubRevisions()).toBe(before.revisions + 1);
    const [latest] = (await editor('GET', `device/config/${hub.id}/revisions/`)).json().results as { message: string | null }[];
    expect(latest?.message).toBe('Auto VPN: edge-SN-ADDR-SPOKE is reached at 198.51.100.77 now');
  });

  it('resolves only the values given: {{constructor}} is a variable like any other, and a template or device holds at most 200', async () => {
    const tpl = await newTemplate('Prototype');
    const route = { id: uuid(90), name: '{{constructor}}', destination: '172.90.0.0/16', gateway: '10.9.0.254' };
    const saved = await editor('PUT', `template/config/${tpl.id}/sections/static_routes/`, { section: [route] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().variables).toEqual(['constructor']);
    const { agent, id } = await gateway('SN-TPL-P');
    const bound = await editor('PUT', `template/bindings/device/${id}/`, { template_ids: [tpl.id], variables: {} });
    expect(bound.statusCode, bound.body).toBe(200);
    const missing = await editor('GET', `template/config/${tpl.id}/preview/${id}/`);
    expect(missing.json()).toMatchObject({ rendered: null, error: '{{constructor}} has no value for device edge-SN-TPL-P (template Prototype)' });
    expect((await operation(bound.json().operation_id)).devices).toEqual([expect.objectContaining({ state: 'invalid' })]);

    const given = await editor('PUT', `template/bindings/device/${id}/`, { template_ids: [tpl.id], variables: { constructor: 'hq-route' } });
    expect(given.statusCode, given.body).toBe(200);
    const job = await answerNext(agent);
    expect(job.payload).toMatchObject({ document: { static_routes: [{ name: 'hq-route' }] } });

    const values = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, 'x']));
    const tooMany = await editor('PUT', `template/bindings/device/${id}/`, { template_ids: [tpl.id], variables: values(201) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ variables: ['At most 200 variables'] });
    const defaults = await editor('PUT', `template/config/${tpl.id}/`, { defaults: values(201) });
    expect(defaults.statusCode).toBe(400);
    expect(defaults.json().errors).toEqual({ defaults: ['At most 200 variables'] });
    const names = Array.from({ length: 201 }, (_, i) => `{{v${i}}}`).join('');
    const wide = await editor('PUT', `template/config/${tpl.id}/sections/static_routes/`, { section: [{ ...route, name: names }] });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().errors).toEqual({ section: ['At most 200 variables'] });
    expect((await editor('GET', `template/config/${tpl.id}/`)).json().variables).toEqual(['constructor']);
    expect((await editor('PUT', `template/config/${tpl.id}/`, { defaults: values(200) })).statusCode).toBe(200);
  });

  it('lets viewers read but not write, and hides every template, binding and operation from another tenant', async () => {
    const tpl = await newTemplate('Private');
    const { id } = await gateway('SN-TPL-E');
    const op = (await editor('PUT', `template/bindings/device/${id}/`, { template_ids: [tpl.id], variables: {} })).json().operation_id as string;
    expect((await call('viewer@acme.test', 'GET', `template/config/${tpl.id}/`)).statusCode).toBe(200);
    expect((await call('viewer@acme.test', 'POST', 'template/config/', { name: 'Viewer' })).statusCode).toBe(403);
    expect((await call('viewer@acme.test', 'PUT', `template/config/${tpl.id}/sections/static_routes/`, { section: [] })).statusCode).toBe(403);
    for (const url of [`template/config/${tpl.id}/`, `template/config/${tpl.id}/preview/`, `template/bindings/device/${id}/`, `template/operations/${op}/`]) {
      expect((await call('owner@globex.test', 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call('owner@globex.test', 'POST', `template/config/${tpl.id}/apply/`)).statusCode).toBe(404);
    const theirs = configOperationListSchema.parse((await call('owner@globex.test', 'GET', 'template/operations/?page_size=0')).json());
    expect(theirs.results.map((o) => o.id)).not.toContain(op);
    expect((await call('owner@globex.test', 'DELETE', `template/config/${tpl.id}/`)).statusCode).toBe(404);
    expect((await editor('DELETE', `template/config/${tpl.id}/`)).statusCode).toBe(204);
    expect((await editor('GET', `template/bindings/device/${id}/`)).json().template_ids).toEqual([]);
  });
});
