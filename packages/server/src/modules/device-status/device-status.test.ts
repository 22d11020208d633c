import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceStatusSchema, interfaceMetricsListSchema, systemMetricsSchema, tenantBgpSchema, tenantTunnelsSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey, TestAgent } from '../../test/agent-client';

describe.each(testBackends('pglite'))('device status snapshots on %s', (backend) => {
  let t: TestApp;
  let key: string;
  const tokens: Record<string, string> = {};
  const agents: TestAgent[] = [];

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    key = (await enrolmentKey(t.app, 'Acme')).key;
    for (const who of ['viewer@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const call = (who: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api/v1/device/status/${url}`, headers: bearer(tokens[who]!) });

  it('asks the device for a fresh snapshot, keeps the newest and shows it with its time; another tenant gets 404', async () => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-STATUS-1', name: 'edge-status' });
    const { device_id: id } = (await agent.next('welcome')) as { device_id: string };
    const none = deviceStatusSchema.parse((await call('viewer@acme.test', 'GET', `${id}/routes/`)).json());
    expect(none).toMatchObject({ at: null, snapshot: { kind: 'routes', entries: [] } });

    const asked = await call('viewer@acme.test', 'POST', `${id}/routes/refresh/`);
    expect(asked.statusCode).toBe(202);
    // Asking again while the first request is on its way queues nothing new.
    expect((await call('viewer@acme.test', 'POST', `${id}/routes/refresh/`)).json().job_id).toBe(asked.json().job_id);
    const job = await agent.next('job');
    expect(job).toMatchObject({ kind: 'status', payload: { kind: 'routes' } });
    const at = new Date().toISOString();
    const route = { destination: '10.20.0.0/16', gateway: '192.168.1.254', interface: 'lan1', metric: 0, origin: 'static' };
    agent.send({ type: 'status', job_id: job.job_id, at, snapshot: { kind: 'routes', entries: [route] } });
    await agent.next('ack');
    // An older snapshot arriving late does not replace it.
    agent.send({ type: 'status', at: '2020-01-01T00:00:00.000Z', snapshot: { kind: 'routes', entries: [] } });
    await agent.next('ack');
    const shown = deviceStatusSchema.parse((await call('viewer@acme.test', 'GET', `${id}/routes/`)).json());
    expect(shown).toMatchObject({ at, snapshot: { entries: [route] } });
    expect((await call('owner@globex.test', 'GET', `${id}/routes/`)).statusCode).toBe(404);
    expect((await call('owner@globex.test', 'POST', `${id}/routes/refresh/`)).statusCode).toBe(404);
  });

  it('lists the BGP neighbours every gateway sent unasked on the tenant-wide page; an empty BGP answer says it does not run', async () => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-BGP-1', name: 'edge-bgp' });
    const { device_id: id } = (await agent.next('welcome')) as { device_id: string };
    const none = deviceStatusSchema.parse((await call('viewer@acme.test', 'GET', `${id}/bgp/`)).json());
    expect(none.snapshot).toEqual({ kind: 'bgp', local: null, entries: [] });

    const neighbour = { neighbour: '198.51.100.1', asn: 65001, state: 'Established', msg_sent: 12, msg_received: 14, prefixes: 1 };
    agent.send({ type: 'status', at: new Date().toISOString(), snapshot: { kind: 'bgp', local: { ip: '10.8.0.5', asn: 64513 }, entries: [neighbour] } });
    agent.send({
      type: 'status',
      at: new Date().toISOString(),
      snapshot: { kind: 'system', entries: [{ board: 'nl', model: 'NL-100', firmware: '4.3', uptime_s: 60, cpu_pct: 5, memory_pct: 40, disk_pct: 20 }] },
    });
    await agent.next('ack');
    await agent.next('ack');
    const list = tenantBgpSchema.parse((await call('viewer@acme.test', 'GET', 'bgp/')).json());
    expect(list.find((d) => d.device_id === id)).toMatchObject({ device_name: 'edge-bgp', local: { ip: '10.8.0.5', asn: 64513 }, neighbours: [neighbour] });
    expect(tenantBgpSchema.parse((await call('owner@globex.test', 'GET', 'bgp/')).json()).some((d) => d.device_id === id)).toBe(false);
    const system = deviceStatusSchema.parse((await call('viewer@acme.test', 'GET', `${id}/system/`)).json());
    expect(system.snapshot).toMatchObject({ kind: 'system', entries: [{ model: 'NL-100' }] });
  });

  it('says with each tenant-wide BGP report when it was made and whether its gateway is still reachable', async () => {
    const agent = await TestAgent.connect(t.app);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-BGP-2', name: 'edge-bgp-gone' });
    const { device_id: id } = (await agent.next('welcome')) as { device_id: string };
    agent.heartbeat();
    await agent.next('ack');
    const at = new Date().toISOString();
    const neighbour = { neighbour: '198.51.100.2', asn: 65002, state: 'Established', msg_sent: 1, msg_received: 1, prefixes: 0 };
    agent.send({ type: 'status', at, snapshot: { kind: 'bgp', local: { ip: '10.8.0.6', asn: 64514 }, entries: [neighbour] } });
    await agent.next('ack');
    const entry = async () => tenantBgpSchema.parse((await call('viewer@acme.test', 'GET', 'bgp/')).json()).find((d) => d.device_id === id);
    // The heartbeat's state is written behind its ack.
    await expect.poll(async () => (await entry())?.reachable, { timeout: 10_000 }).toBe(true);
    expect(await entry()).toMatchObject({ at, neighbours: [neighbour] });
    // The gateway says goodbye: its report stays, with its time, but no longer vouches for now.
    agent.close(1000);
    await agent.closed;
    await expect.poll(async () => (await entry())?.reachable, { timeout: 10_000 }).toBe(false);
    expect(await entry()).toMatchObject({ at, neighbours: [neighbour] });
  });

  it("lists every gateway's tunnels on the VPN status page; CPU, memory and jitter a device measured come back as series", async () => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-VPN-1', name: 'edge-vpn' });
    const { device_id: id } = (await agent.next('welcome')) as { device_id: string };
    const tunnels = [
      { name: 'to-hq', remote: '203.0.113.7', state: 'up', reason: null },
      { name: 'to-lab', remote: '198.51.100.9', state: 'down', reason: 'No answer from the peer' },
    ];
    agent.send({ type: 'status', at: new Date().toISOString(), snapshot: { kind: 'ipsec', entries: tunnels } });
    await agent.next('ack');
    const vpn = tenantTunnelsSchema.parse((await call('viewer@acme.test', 'GET', 'ipsec/')).json());
    expect(vpn.find((d) => d.device_id === id)).toMatchObject({ device_name: 'edge-vpn', tunnels });
    expect(tenantTunnelsSchema.parse((await call('owner@globex.test', 'GET', 'ipsec/')).json()).some((d) => d.device_id === id)).toBe(false);

    const at = new Date().toISOString();
    agent.send({
      type: 'metrics',
      at,
      interfaces: [{ ifname: 'wan', rx_bytes: 10, tx_bytes: 5 }],
      ping: [{ ifname: 'wan', latency_ms: 20, loss_pct: 0, jitter_ms: 3.5 }],
      system: { cpu_pct: 37, memory_pct: 61 },
    });
    await agent.next('ack');
    const device = (url: string, who = 'viewer@acme.test') =>
      t.app.inject({ method: 'GET', url: `/api/v1/device/${id}/${url}`, headers: bearer(tokens[who]!) });
    const system = systemMetricsSchema.parse((await device('system-metrics/?minutes=5')).json());
    expect(system).toEqual([{ at, cpu_pct: 37, memory_pct: 61 }]);
    const metrics = interfaceMetricsListSchema.parse((await device('metrics/?minutes=5')).json());
    expect(metrics[0]!.points[0]).toMatchObject({ latency_ms: 20, jitter_ms: 3.5 });
    expect((await device('system-metrics/', 'owner@globex.test')).statusCode).toBe(404);
    expect((await device('system-metrics/?minutes=61')).statusCode).toBe(400);
  });

  it('closes the socket of a device that sends a snapshot that does not hold', async () => {
    const agent = await TestAgent.connect(t.app);
    agents.push(agent);
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-STATUS-2', name: 'edge-status-2' });
    await agent.next('welcome');
    agent.send({ type: 'status', at: new Date().toISOString(), snapshot: { kind: 'routes', entries: [{ destination: 'x\u0000' }] } });
    expect((await agent.closed).code).toBe(4400);
  });
});
