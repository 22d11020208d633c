import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { configHash, deviceConfigSchema, SECRET_MASK, SECRET_NOT_GIVEN, type ConfigDocument } from '@netloom/domain';
import { auditLog, configRevisions, deviceJobs, devices } from '../../db/schema/index';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';
import { waitFor } from '../../test/wait-for';

const lan = { lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24, mtu: 1500 }], wan: [], vlans: [] };
const route = (n: number, gateway = '192.168.10.254') => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `route-${n}`,
  destination: `10.${n}.0.0/16`,
  gateway,
  metric: 0,
  enabled: true,
});
const doc = (routes: number): ConfigDocument => ({ interfaces: lan, static_routes: Array.from({ length: routes }, (_, i) => route(i + 1)) }) as ConfigDocument;

describe.each(testBackends('pglite'))('device configuration on %s', (backend) => {
  let t: TestApp;
  let acme: { tenantId: string; key: string };
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    acme = await enrolmentKey(t.app, 'Acme');
    for (const who of ['owner@acme.test', 'editor@acme.test', 'viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  /** An approved gateway of Acme, connected with its credential. */
  const gateway = async (serial: string) => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: acme.key }, { serial, name: `edge-${serial}` });
    const welcome = (await agent.next('welcome')) as { device_id: string };
    return { agent, id: welcome.device_id };
  };
  const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/device/config/${url}`, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const state = async (id: string) => deviceConfigSchema.parse((await call('editor@acme.test', 'GET', `${id}/`)).json());
  const revisions = (id: string) => t.app.services.db.select().from(configRevisions).where(eq(configRevisions.deviceId, id));
  const jobs = (id: string) => t.app.services.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, id));
  const answer = (agent: TestAgent, job: Record<string, unknown>, ok: boolean, output: string) =>
    agent.send({ type: 'job_result', job_id: job.job_id, ok, output, ...(ok ? { config_hash: (job.payload as { config_hash: string }).config_hash } : {}) });

  it('saves a revision, pushes the whole document to the device and is synced once the device applies it', async () => {
    const { agent, id } = await gateway('SN-CFG-1');
    expect((await state(id)).sync.state).toBe('unconfigured');
    const saved = await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1), message: 'first route' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      revision: { number: 1, source: 'edit', message: 'first route', author_email: 'editor@acme.test' },
      sync: { state: 'syncing' },
    });
    const job = await agent.next('job');
    expect(job).toMatchObject({ kind: 'apply_config', payload: { config_hash: configHash(doc(1)), document: doc(1) } });
    answer(agent, job, true, 'configuration applied');
    await agent.next('ack');
    const synced = await waitFor(async () => {
      const s = await state(id);
      return s.sync.state === 'synced' && s;
    });
    expect(synced.sync).toMatchObject({ desired_hash: configHash(doc(1)), reported_hash: configHash(doc(1)), error: null });
  });

  it('makes no revision and no push for an unchanged document, whatever its key order', async () => {
    const { agent, id } = await gateway('SN-CFG-2');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(2) });
    answer(agent, await agent.next('job'), true, 'applied');
    const reordered = { static_routes: doc(2).static_routes, interfaces: lan };
    const again = await call('editor@acme.test', 'PUT', `${id}/`, { document: reordered });
    expect(again.json().revision.number).toBe(1);
    expect(await revisions(id)).toHaveLength(1);
    expect(await jobs(id)).toHaveLength(1);
  });

  it('refuses an invalid document with the path of the field and stores nothing', async () => {
    const { id } = await gateway('SN-CFG-3');
    const bad = { interfaces: lan, static_routes: [{ ...route(1), destination: '10.1.2.3/16' }] };
    const res = await call('editor@acme.test', 'PUT', `${id}/`, { document: bad });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('static_routes');
    expect(await revisions(id)).toHaveLength(0);
    expect(await jobs(id)).toHaveLength(0);
  });

  it("shows the device's refusal as failed, with its text", async () => {
    const { agent, id } = await gateway('SN-CFG-4');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(3) });
    answer(agent, await agent.next('job'), false, 'static_routes: table full');
    await agent.next('ack');
    expect((await state(id)).sync).toMatchObject({ state: 'failed', error: 'static_routes: table full' });
    // It still runs its old configuration; it is not sent the refused one again and again.
    agent.heartbeat({ config_hash: 'what-it-ran-before' });
    await agent.next('ack');
    agent.heartbeat({ config_hash: 'what-it-ran-before' });
    await agent.next('ack');
    expect(await jobs(id)).toHaveLength(1);
    expect((await state(id)).sync.state).toBe('failed');
  });

  it('never lets an older revision land after a newer one: the older push is cancelled, its late answer changes nothing', async () => {
    const { agent, id } = await gateway('SN-CFG-5');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    const older = await agent.next('job');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(2) });
    const newer = await agent.next('job');
    expect((newer.payload as { config_hash: string }).config_hash).toBe(configHash(doc(2)));
    answer(agent, older, true, 'applied');
    expect(await agent.next('ack')).toMatchObject({ duplicate: true });
    expect((await state(id)).sync.state).toBe('syncing');
    answer(agent, newer, true, 'applied');
    await agent.next('ack');
    await waitFor(async () => (await state(id)).sync.state === 'synced');
    expect((await jobs(id)).map((j) => j.state).sort()).toEqual(['cancelled', 'done']);
  });

  it('delivers a push again after a reconnect until it is answered, and applies it once', async () => {
    const { agent, id } = await gateway('SN-CFG-9');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    const first = await agent.next('job');
    // The link drops before the device answered: the next connection gets the same job again.
    agent.ws.terminate();
    const again = await TestAgent.connect(t.app);
    agents.push(again);
    const credential = (agent.received.find((m) => m.type === 'welcome') as { credential: { device_id: string; secret: string } }).credential;
    again.hello({ kind: 'credential', device_id: credential.device_id, secret: credential.secret }, { serial: 'SN-CFG-9', name: 'edge-SN-CFG-9' });
    await again.next('welcome');
    const second = await again.next('job');
    expect(second.job_id).toBe(first.job_id);
    answer(again, second, true, 'applied');
    expect(await again.next('ack')).toMatchObject({ duplicate: false });
    // A late answer to the first delivery changes nothing.
    answer(again, first, true, 'applied');
    expect(await again.next('ack')).toMatchObject({ duplicate: true });
    await waitFor(async () => (await state(id)).sync.state === 'synced');
    expect((await jobs(id)).map((j) => j.state)).toEqual(['done']);
    expect(await revisions(id)).toHaveLength(1);
  });

  it("keys a push by its revision's id: queuing the same revision again makes no second job and leaves the first open", async () => {
    const { agent, id } = await gateway('SN-CFG-10');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    const job = await agent.next('job');
    const [revision] = await revisions(id);
    expect(job.job_id).toBe(revision!.id);
    const push = { id: revision!.id, tenantId: acme.tenantId, deviceId: id, kind: 'apply_config' as const, payload: job.payload as Record<string, unknown> };
    await t.app.services.db.transaction((tx) => t.app.services.jobs.enqueue(tx, 'configuration', [push]));
    const [only, ...more] = await jobs(id);
    expect(more).toEqual([]);
    expect(only).toMatchObject({ id: revision!.id, kind: 'apply_config' });
    expect(['queued', 'sent']).toContain(only!.state);
    answer(agent, job, true, 'applied');
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    await waitFor(async () => (await state(id)).sync.state === 'synced');
  });

  it('sends a drifted device the whole desired document again', async () => {
    const { agent, id } = await gateway('SN-CFG-6');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    answer(agent, await agent.next('job'), true, 'applied');
    await agent.next('ack');
    agent.heartbeat({ config_hash: 'changed-on-the-box' });
    const resync = await agent.next('job');
    expect(resync).toMatchObject({ kind: 'full_sync', payload: { config_hash: configHash(doc(1)), document: doc(1) } });
  });

  it('never moves a device back for a report older than its answer: a heartbeat sent before the push was applied but read after it', async () => {
    const { agent, id } = await gateway('SN-CFG-11');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    answer(agent, await agent.next('job'), true, 'applied');
    await agent.next('ack');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(2) });
    const push = await agent.next('job');
    // The device wrote a heartbeat (still running revision 1) just before it applied revision 2; it arrives after the answer.
    const before = ++agent.seq;
    answer(agent, push, true, 'applied');
    await agent.next('ack');
    agent.sendRaw(JSON.stringify({ seq: before, type: 'heartbeat', status: 'running', wan: [], config_hash: configHash(doc(1)) }));
    await agent.next('ack');
    agent.heartbeat({ config_hash: configHash(doc(2)) });
    await agent.next('ack');
    // Once the state batch with the last heartbeat is written, the database says so too.
    const last = agent.seq;
    const row = await waitFor(async () => {
      const [d] = await t.app.services.db.select().from(devices).where(eq(devices.id, id));
      return d && d.lastSeq === last && d;
    });
    expect(row.appliedConfigHash).toBe(configHash(doc(2)));
    expect((await state(id)).sync).toMatchObject({ state: 'synced', reported_hash: configHash(doc(2)) });
    expect(await jobs(id)).toHaveLength(2);
  });

  it('shows a change made on the box with what the box runs, and re-syncs it on request when auto-sync is off', async () => {
    const { agent, id } = await gateway('SN-CFG-12');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    answer(agent, await agent.next('job'), true, 'applied');
    await agent.next('ack');
    expect((await call('editor@acme.test', 'POST', `${id}/enable-configs/`, { auto_sync: false })).statusCode).toBe(200);
    const onBox = { ...doc(1), static_routes: [...doc(1).static_routes!, route(9)] };
    agent.send({ type: 'config_changed', config_hash: configHash(onBox as ConfigDocument), document: onBox });
    expect(await agent.next('ack')).toMatchObject({ duplicate: false });
    const drifted = await state(id);
    expect(drifted.sync).toMatchObject({ state: 'drifted', reported_hash: configHash(onBox as ConfigDocument) });
    expect(drifted.drift).toMatchObject({ box_document: onBox, resyncs_24h: 0 });
    expect((await call('viewer@acme.test', 'POST', `${id}/resync/`, {})).statusCode).toBe(403);
    const resynced = await call('editor@acme.test', 'POST', `${id}/resync/`, {});
    expect(resynced.statusCode, resynced.body).toBe(200);
    expect(resynced.json()).toMatchObject({ sync: { state: 'syncing' }, drift: { resyncs_24h: 1 } });
    expect((await call('editor@acme.test', 'POST', `${id}/resync/`, {})).json()).toMatchObject({
      code: expect.any(String),
      detail: 'A push to this device is already on its way',
    });
    const full = await agent.next('job');
    expect(full).toMatchObject({ kind: 'full_sync', payload: { config_hash: configHash(doc(1)) } });
    answer(agent, full, true, 'applied');
    await waitFor(async () => (await state(id)).sync.state === 'synced');
    expect((await call('owner@globex.test', 'POST', `${id}/resync/`, {})).statusCode).toBe(404);
  });

  it('sends a pre-shared key to the device only: never in an answer, a revision, an export or the audit, and kept when a form sends the mask back', async () => {
    const { agent, id } = await gateway('SN-CFG-13');
    const psk = 'very-secret-psk-13';
    const withTunnel = {
      interfaces: { lan: [{ name: 'lan1', ip: '192.168.10.1', prefix: 24, mtu: 1500 }], wan: [{ name: 'wan1', mode: 'dhcp' }], vlans: [] },
      ipsec: {
        tunnels: [
          {
            id: '00000000-0000-4000-8000-000000000131',
            name: 'hq',
            remote: '198.51.100.9',
            local_interface: 'wan1',
            local_subnets: ['192.168.10.0/24'],
            remote_subnets: ['10.200.0.0/16'],
            psk,
          },
        ],
      },
    };
    const saved = await call('editor@acme.test', 'PUT', `${id}/`, { document: withTunnel });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().document.ipsec.tunnels[0].psk).toBe(SECRET_MASK);
    const push = await agent.next('job');
    expect((push.payload as { document: typeof withTunnel }).document.ipsec.tunnels[0]!.psk).toBe(psk);
    answer(agent, push, true, 'applied');
    // What the console read, sent back as it is: the key stays, so nothing changed and nothing is pushed.
    const same = await call('editor@acme.test', 'PUT', `${id}/sections/ipsec/`, { section: saved.json().document.ipsec });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().revision.number).toBe(1);
    const revision = (await revisions(id))[0]!;
    for (const url of [`${id}/`, `${id}/revisions/`, `${id}/revisions/${revision.id}/`, `${id}/export/`]) {
      const read = await call('viewer@acme.test', 'GET', url);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(psk);
    }
    const entries = await t.app.services.db.select().from(auditLog).where(eq(auditLog.target, id));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(psk);
    // A masked export stands for nothing on another device: the key is asked for again.
    const exported = (await call('editor@acme.test', 'GET', `${id}/export/`)).json();
    const other = await gateway('SN-CFG-14');
    const imported = await call('editor@acme.test', 'POST', `${other.id}/import/`, { document: exported.document });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().errors['document.ipsec.tunnels.0.psk']).toEqual([SECRET_NOT_GIVEN]);
  });

  it('lists revisions newest first, shows one whole, and rolls back as a new revision that is pushed', async () => {
    const { agent, id } = await gateway('SN-CFG-7');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(1) });
    answer(agent, await agent.next('job'), true, 'applied');
    await call('editor@acme.test', 'PUT', `${id}/`, { document: doc(2) });
    answer(agent, await agent.next('job'), true, 'applied');
    const list = (await call('viewer@acme.test', 'GET', `${id}/revisions/`)).json();
    expect(list.results.map((r: { number: number }) => r.number)).toEqual([2, 1]);
    const first = list.results[1] as { id: string };
    expect((await call('viewer@acme.test', 'GET', `${id}/revisions/${first.id}/`)).json().document).toEqual(doc(1));
    const back = await call('editor@acme.test', 'POST', `${id}/revisions/${first.id}/rollback/`, {});
    expect(back.json()).toMatchObject({ revision: { number: 3, source: 'rollback', message: 'Rollback to revision 1' }, document: doc(1) });
    expect(await agent.next('job')).toMatchObject({ payload: { config_hash: configHash(doc(1)) } });
  });

  it('lets viewers read but not write, and answers 404 for another tenant', async () => {
    const { id } = await gateway('SN-CFG-8');
    expect((await call('viewer@acme.test', 'GET', `${id}/`)).statusCode).toBe(200);
    expect((await call('viewer@acme.test', 'PUT', `${id}/`, { document: doc(1) })).statusCode).toBe(403);
    expect((await call('owner@globex.test', 'GET', `${id}/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'PUT', `${id}/`, { document: doc(1) })).statusCode).toBe(404);
    expect(await revisions(id)).toHaveLength(0);
  });
});
