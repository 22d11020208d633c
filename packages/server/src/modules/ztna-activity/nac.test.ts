import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nacDecisionResultSchema, nacHostPageSchema, type NacHostReport } from '@netloom/domain';
import { build, login, testBackends } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { TestConsole } from '../../test/live-client';
import { waitFor } from '../../test/wait-for';
import { applyNext, ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';
import { liveDevice } from './test-fixtures';

const host = (over: Partial<NacHostReport> = {}): NacHostReport => ({
  mac: '00:11:22:33:44:55',
  ip: '192.168.1.20',
  hostname: 'printer-2f',
  vendor: 'Brother',
  os: null,
  interface: 'br-lan',
  state: 'allowed',
  ...over,
});

/** The next pushed document that has a `nac` section (earlier pushes applied on the way). */
async function nextNacDocument(agent: TestAgent): Promise<{ nac?: { hosts: { mac: string; decision: string }[] } }> {
  for (let i = 0; i < 4; i++) {
    const document = (await applyNext(agent)) as { nac?: { hosts: { mac: string; decision: string }[] } };
    if (document.nac) return document;
  }
  throw new Error('no document with a nac section');
}

describe.each(testBackends('pglite'))('NAC on %s', (backend) => {
  let w: ZtnaWorld;
  let east: { agent: TestAgent; id: string };
  let west: { agent: TestAgent; id: string };

  const hosts = async (query = '', who = 'owner@acme.test') => {
    const res = await w.call('GET', `tenant/nac/hosts/${query}`, undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    return nacHostPageSchema.parse(res.json());
  };
  const report = async (gateway: { agent: TestAgent }, reported: NacHostReport[], at = new Date()) => {
    gateway.agent.send({ type: 'nac_hosts', at: at.toISOString(), hosts: reported });
    expect(await gateway.agent.next('ack')).toMatchObject({ seq: gateway.agent.seq, duplicate: false });
  };

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
    east = await liveDevice(w, w.acme.key, { serial: 'SN-NAC-EAST', kind: 'gateway' });
    west = await liveDevice(w, w.acme.key, { serial: 'SN-NAC-WEST', kind: 'gateway' });
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it("lists the hosts a gateway reports as its organisation's, pending a decision; a host seen by another gateway moves to it", async () => {
    const firstSeen = new Date(Date.now() - 10 * 60_000);
    await report(
      east,
      [
        host(),
        host({ mac: 'AA:BB:CC:00:00:01', ip: '192.168.1.31', hostname: null, vendor: 'Apple', os: 'macOS' }),
        // A MAC twice in one report: the last line is what the gateway says.
        host({ mac: 'aa:bb:cc:00:00:01', ip: '192.168.1.32', hostname: 'anns-mac', vendor: 'Apple', os: 'macOS' }),
      ],
      firstSeen,
    );
    const listed = await hosts();
    expect(listed.count).toBe(2);
    expect(listed.results.find((h) => h.mac === 'aa:bb:cc:00:00:01')).toMatchObject({
      ip: '192.168.1.32',
      hostname: 'anns-mac',
      gateway_id: east.id,
      gateway_name: 'sn-nac-east',
      decision: 'pending',
      state: 'allowed',
      decided_by: null,
    });

    await report(west, [host({ ip: '10.20.0.7', interface: 'lan2', hostname: null })]);
    const moved = (await hosts()).results.find((h) => h.mac === '00:11:22:33:44:55')!;
    expect(moved).toMatchObject({ gateway_id: west.id, gateway_name: 'sn-nac-west', ip: '10.20.0.7', interface: 'lan2', hostname: 'printer-2f' });
    expect(moved.first_seen).toBe(firstSeen.toISOString());
    expect(Date.parse(moved.last_seen)).toBeGreaterThan(firstSeen.getTime());
    // A late report of the first gateway is older than what is stored: the host stays where it was seen last.
    await report(east, [host({ ip: '192.168.1.99' })], new Date(firstSeen.getTime() + 1000));
    expect((await hosts()).results.find((h) => h.mac === '00:11:22:33:44:55')).toMatchObject({ gateway_id: west.id, ip: '10.20.0.7' });

    expect((await hosts('?search=anns')).results.map((h) => h.mac)).toEqual(['aa:bb:cc:00:00:01']);
    expect((await hosts('?search=SN-NAC-WEST')).results.map((h) => h.mac)).toEqual(['00:11:22:33:44:55']);
    expect((await hosts('?page=2&page_size=1')).results).toHaveLength(1);
    expect((await hosts('', 'viewer@acme.test')).count).toBe(2);
    expect((await hosts('', 'owner@globex.test')).count).toBe(0);
    expect((await w.call('GET', 'tenant/nac/hosts/?decision=maybe')).statusCode).toBe(400);
  });

  it('never lets a report touch another organisation, and refuses hosts from an endpoint or malformed', async () => {
    const theirs = await liveDevice(w, w.globex.key, { serial: 'SN-NAC-GLOBEX', kind: 'gateway' }, 'owner@globex.test');
    await report(theirs, [host({ ip: '172.16.0.9', hostname: 'globex-printer' })]);
    expect((await hosts('', 'owner@globex.test')).results).toEqual([expect.objectContaining({ gateway_id: theirs.id, hostname: 'globex-printer' })]);
    // The same MAC in Acme is Acme's own host, seen by Acme's gateway.
    expect((await hosts('?search=00:11:22')).results).toEqual([expect.objectContaining({ gateway_id: west.id, hostname: 'printer-2f' })]);

    const endpoint = await liveDevice(w, w.acme.key, { serial: 'SN-NAC-EP', user: 'viewer@acme.test' });
    endpoint.agent.send({ type: 'nac_hosts', at: new Date().toISOString(), hosts: [host({ mac: '02:00:00:00:00:09' })] });
    expect(await endpoint.agent.closed).toMatchObject({ code: 4400 });
    const bad = await liveDevice(w, w.acme.key, { serial: 'SN-NAC-BAD', kind: 'gateway' });
    bad.agent.send({ type: 'nac_hosts', at: new Date().toISOString(), hosts: [host({ mac: '02:00:00:00:00:0a', ip: '999.1.1.1' })] });
    expect(await bad.agent.closed).toMatchObject({ code: 4400 });
    expect((await hosts()).count).toBe(2);
  });

  it('pushes a block decision to every gateway of the organisation, for owners and admins only', async () => {
    const decide = (body: unknown, who = 'owner@acme.test') => w.call('POST', 'tenant/nac/hosts/decide/', body, who);
    expect((await decide({ macs: ['00:11:22:33:44:55'], decision: 'block' }, 'editor@acme.test')).statusCode).toBe(403);
    expect((await decide({ macs: ['00:11:22:33:44:55'], decision: 'block' }, 'viewer@acme.test')).statusCode).toBe(403);
    const unknown = await decide({ macs: ['00:11:22:33:44:55', '0a:0b:0c:0d:0e:0f'], decision: 'block' });
    expect(unknown.statusCode).toBe(404);
    // Globex saw no such host (only Acme did): its owner cannot decide about Acme's.
    expect((await decide({ macs: ['aa:bb:cc:00:00:01'], decision: 'block' }, 'owner@globex.test')).statusCode).toBe(404);
    expect((await decide({ macs: ['not-a-mac'], decision: 'block' })).statusCode).toBe(400);
    expect((await hosts('?decision=pending')).count).toBe(2);

    const decided = await decide({ macs: ['00:11:22:33:44:55'], decision: 'block' }, 'admin@acme.test');
    expect(decided.statusCode, decided.body).toBe(200);
    const answer = nacDecisionResultSchema.parse(decided.json());
    expect(answer.hosts).toEqual([expect.objectContaining({ mac: '00:11:22:33:44:55', decision: 'block', decided_by: 'admin@acme.test', state: 'allowed' })]);
    expect(answer.gateways_updated).toBeGreaterThanOrEqual(2);

    for (const gateway of [east, west]) {
      const document = await nextNacDocument(gateway.agent);
      expect(document.nac).toEqual({ hosts: [{ mac: '00:11:22:33:44:55', decision: 'block' }] });
    }
    // The gateway says it enforces it: the list shows what it does.
    await report(west, [host({ ip: '10.20.0.7', state: 'blocked' })]);
    expect((await hosts('?decision=block')).results).toEqual([expect.objectContaining({ mac: '00:11:22:33:44:55', state: 'blocked' })]);

    await decide({ macs: ['00:11:22:33:44:55'], decision: 'allow' });
    const allowed = (await applyNext(west.agent)) as { nac?: unknown };
    expect(allowed.nac).toBeUndefined();
  });
});

describe.each(testBackends('pglite'))('app connector health on %s', (backend) => {
  let w: ZtnaWorld;

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it("shows a connector's reported health in the connector list, tells the consoles, and keeps a newer report over a late one", async () => {
    const git = await w.call('POST', 'tenant/ztna/servers/', {
      name: 'Git',
      address: 'git.corp.example',
      ports: [{ protocol: 'tcp', ports: ['443'] }],
      site: 'HQ',
    });
    expect(git.statusCode, git.body).toBe(201);
    const theirs = await w.call(
      'POST',
      'tenant/ztna/servers/',
      { name: 'Git', address: 'git.globex.example', ports: [{ protocol: 'tcp', ports: ['443'] }], site: 'HQ' },
      'owner@globex.test',
    );
    const gateway = await liveDevice(w, w.acme.key, { serial: 'SN-CONN-1', kind: 'gateway' });
    // Online: a connector's health is its own only while its gateway is up.
    gateway.agent.heartbeat();
    await gateway.agent.next('ack');
    const made = await w.call('POST', 'tenant/connector/', { device_id: gateway.id, site: 'HQ' });
    expect(made.statusCode, made.body).toBe(200);
    const connectors = async () => (await w.call('GET', 'tenant/connector/')).json() as Record<string, unknown>[];
    expect((await connectors())[0]).toMatchObject({ device_id: gateway.id, servers_reachable: null, active_sessions: null, health_at: null });

    const live = await acmeConsole(w);
    const from = live.messages.length;
    const at = new Date();
    gateway.agent.send({
      type: 'connector_health',
      at: at.toISOString(),
      servers: [
        { server_id: git.json().id, reachable: true, latency_ms: 4 },
        { server_id: theirs.json().id, reachable: true, latency_ms: 4 },
      ],
      active_sessions: 3,
    });
    expect(await gateway.agent.next('ack')).toMatchObject({ seq: gateway.agent.seq, duplicate: false });
    await live.waitFor((m) => m.deviceinfo?.some((d) => d.id === gateway.id) ?? false, 5000, from);
    live.close();
    // The gateway's online state reaches the database with the state writer's next flush.
    await waitFor(async () => (await connectors())[0]?.device_status === 'running');
    expect((await connectors())[0]).toMatchObject({
      servers_total: 1,
      servers_reachable: 1,
      active_sessions: 3,
      health: 'healthy',
      health_at: at.toISOString(),
    });

    gateway.agent.send({
      type: 'connector_health',
      at: new Date(at.getTime() - 60_000).toISOString(),
      servers: [{ server_id: git.json().id, reachable: false, latency_ms: null }],
      active_sessions: 0,
    });
    expect(await gateway.agent.next('ack')).toMatchObject({ seq: gateway.agent.seq, duplicate: true });
    expect((await connectors())[0]).toMatchObject({ servers_reachable: 1, active_sessions: 3 });

    // A gateway that is no connector is heard and nothing is stored; an endpoint sending it breaks the protocol.
    const plain = await liveDevice(w, w.acme.key, { serial: 'SN-CONN-2', kind: 'gateway' });
    plain.agent.send({ type: 'connector_health', at: new Date().toISOString(), servers: [], active_sessions: 9 });
    expect(await plain.agent.next('ack')).toMatchObject({ duplicate: false });
    expect((await connectors()).map((c) => c.device_id)).toEqual([gateway.id]);
    const endpoint = await liveDevice(w, w.acme.key, { serial: 'SN-CONN-EP', user: 'viewer@acme.test' });
    endpoint.agent.send({ type: 'connector_health', at: new Date().toISOString(), servers: [], active_sessions: 1 });
    expect(await endpoint.agent.closed).toMatchObject({ code: 4400 });
  });
});

/** Acme's owner's console, its first snapshot received. */
async function acmeConsole(w: ZtnaWorld): Promise<TestConsole> {
  const token = (await login(w.t.app, 'owner@acme.test')).access;
  const live = await TestConsole.open(w.t.app, `/ws/status/${w.acme.tenantId}`, token);
  await live.waitFor((m) => Array.isArray(m.deviceinfo));
  return live;
}
