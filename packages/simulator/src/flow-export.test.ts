import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { flowsMessageSchema, type FlowsMessage } from '@netloom/domain';
import { SimulatedDevice, type DeviceEvent } from './device';
import { EndpointBehaviour } from './endpoint-behaviour';
import { buildDevices, type FleetOptions } from './fleet';
import { GatewayBehaviour } from './gateway-behaviour';
import { mulberry32 } from './prng';
import { endpointProfile, gatewayProfile } from './profiles';

type Message = Record<string, unknown> & { type: string; seq: number };
interface Received {
  at: number;
  message: Message;
}
interface Connection {
  ws: WebSocket;
  received: Received[];
  flows: () => (FlowsMessage & { at: number })[];
}

/**
 * A server that approves every device and acknowledges what it is sent, except flow batches,
 * which `onFlows` answers as the test wants: 'ack', 'busy' (with a delay), or nothing at all.
 */
async function fakeServer(onFlows: (m: Message, connection: number) => 'ack' | { busy: number } | 'silent') {
  const connections: Connection[] = [];
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  server.on('connection', (ws: WebSocket) => {
    const received: Received[] = [];
    const index = connections.length;
    connections.push({
      ws,
      received,
      flows: () => received.filter((r) => r.message.type === 'flows').map((r) => ({ ...(r.message as unknown as FlowsMessage), at: r.at })),
    });
    const send = (m: object) => ws.send(JSON.stringify(m));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Message;
      received.push({ at: Date.now(), message: m });
      if (m.type === 'hello') return send({ type: 'welcome', device_id: crypto.randomUUID(), state: 'approved', heartbeat_interval_s: 60 });
      if (m.type !== 'flows') return send({ type: 'ack', seq: m.seq, duplicate: false });
      const answer = onFlows(m, index);
      if (answer === 'ack') send({ type: 'ack', seq: m.seq, duplicate: false });
      else if (answer !== 'silent') send({ type: 'busy', seq: m.seq, retry_after_ms: answer.busy });
    });
  });
  const { port } = server.address() as AddressInfo;
  return { server, connections, url: `ws://127.0.0.1:${port}` };
}

async function waitFor(what: string, probe: () => boolean, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('flow export over the agent protocol', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice | undefined;
  afterEach(async () => {
    await device?.stop();
    device = undefined;
    await new Promise((r) => server.close(r));
  });

  const start = (url: string, kind: 'gateway' | 'endpoint', patch: Partial<FleetOptions> = {}) => {
    [device] = buildDevices({
      url,
      tenants: [{ enrolmentKey: 'key', gateways: kind === 'gateway' ? 1 : 0, endpoints: kind === 'endpoint' ? 1 : 0, emailDomain: 'flows.test' }],
      sessions: false,
      flapRules: { linkDownChance: 0, linkDownTicks: [1, 1], outageChance: 0, outageTicks: [1, 1] },
      backoff: { baseMs: 100, maxMs: 200 },
      ...patch,
    }) as [SimulatedDevice];
    device.start();
    return device;
  };

  it('exports valid batches soon after going live and every interval, numbered by the device counter', async () => {
    const fake = await fakeServer(() => 'ack');
    server = fake.server;
    const live = Date.now();
    // A busy office, so that even at night where it is the first half second has traffic to export.
    const profile = { ...gatewayProfile(mulberry32(3), 0), peakBps: 50e6 };
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'key',
      behaviour: new GatewayBehaviour(profile, mulberry32(1)),
      random: mulberry32(3),
      flowIntervalS: 0.5,
    });
    device.start();
    await waitFor('three batches', () => (fake.connections[0]?.flows().length ?? 0) >= 3);
    const batches = fake.connections[0]!.flows();
    expect(batches[0]!.at - live).toBeLessThan(2000);
    for (const b of batches) {
      const { at, ...message } = b;
      flowsMessageSchema.parse(message);
      expect(message.records.length).toBeGreaterThan(0);
      for (const r of message.records) {
        // Each covers the half second before it was sent, no more.
        expect(Date.parse(r.end) - Date.parse(r.start)).toBeLessThanOrEqual(500);
        expect(Date.parse(r.start)).toBeGreaterThanOrEqual(at - 1000);
        expect(Date.parse(r.end)).toBeLessThanOrEqual(at);
      }
    }
    // One counter for every message: seqs only go up, whatever the type.
    const seqs = fake.connections[0]!.received.map((r) => r.message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    await waitFor('all acknowledged', () => device!.flowExport.outbox.pending.length === 0);
  });

  it('keeps unacknowledged batches through a dropped connection and sends them again, same seq, oldest first', async () => {
    // The first connection never answers a batch; the second stores everything.
    const fake = await fakeServer((_m, connection) => (connection === 0 ? 'silent' : 'ack'));
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0.3 });
    // Three unanswered batches in flight, and more waiting behind them.
    await waitFor('batches kept', () => device!.flowExport.outbox.pending.length >= 5);
    const first = fake.connections[0]!.flows().map(({ at: _at, ...m }) => m);
    expect(first).toHaveLength(3);
    fake.connections[0]!.ws.terminate();

    await waitFor('the backlog delivered', () => (fake.connections[1]?.flows().length ?? 0) >= 6 && device!.flowExport.outbox.pending.length <= 1);
    const second = fake.connections[1]!.flows().map(({ at: _at, ...m }) => m);
    expect(second.slice(0, 3)).toEqual(first);
    const seqs = second.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Never the same records under another seq: the server counts a (device, seq) once.
    const all = [...first, ...second];
    const seqOf = new Map<string, number>();
    for (const m of all) {
      const key = JSON.stringify(m.records);
      expect(seqOf.get(key) ?? m.seq).toBe(m.seq);
      seqOf.set(key, m.seq);
    }
  });

  it('on busy sends the same batch again after retry_after_ms, and nothing before it', async () => {
    let refused: number | null = null;
    const fake = await fakeServer((m) => {
      if (refused === null) refused = m.seq;
      return m.seq === refused && fake.connections[0]!.flows().filter((f) => f.seq === refused).length === 1 ? { busy: 600 } : 'ack';
    });
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0.2 });
    await waitFor('the refused batch sent again', () => fake.connections[0]?.flows().filter((f) => f.seq === refused).length === 2);
    const flows = fake.connections[0]!.flows();
    const [busyAt, againAt] = flows.filter((f) => f.seq === refused).map((f) => f.at) as [number, number];
    expect(againAt - busyAt).toBeGreaterThanOrEqual(590);
    // The server shed load: nothing went out while it asked to wait, and the refused batch went first.
    const between = flows.filter((f) => f.at > busyAt && f.at < againAt);
    expect(between).toEqual([]);
    expect(flows.find((f) => f.at >= againAt)!.seq).toBe(refused);
    expect(fake.connections).toHaveLength(1);
  });

  it('keeps a bounded outbox through a long outage: the oldest batches are dropped and told, the newest sent', async () => {
    const events: DeviceEvent[] = [];
    const fake = await fakeServer((_m, connection) => (connection === 0 ? 'silent' : 'ack'));
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0.1, flowOutboxBatches: 4, onEvent: (e) => events.push(e) });
    await waitFor('a drop told', () => events.some((e) => e.type === 'flows_dropped'));
    const dropped = events.find((e) => e.type === 'flows_dropped') as Extract<DeviceEvent, { type: 'flows_dropped' }>;
    expect(dropped.batches).toBeGreaterThanOrEqual(1);
    expect(dropped.records).toBeGreaterThan(0);
    expect(device!.flowExport.outbox.pending.length).toBe(4);
    const kept = device!.flowExport.outbox.pending;
    fake.connections[0]!.ws.terminate();
    await waitFor('resent', () => (fake.connections[1]?.flows().length ?? 0) >= 4);
    // What went out again is what was kept, oldest first: never a dropped one.
    expect(
      fake.connections[1]!.flows()
        .slice(0, 3)
        .map((f) => f.seq),
    ).toEqual(kept.slice(0, 3));
  });

  it("an endpoint's batches name its user on every record", async () => {
    const fake = await fakeServer(() => 'ack');
    server = fake.server;
    // A busy one, so that even at night where it is every short interval has traffic to export.
    const profile = { ...endpointProfile(mulberry32(5), 0, 'flows.test'), peakBps: 50e6 };
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'key',
      behaviour: new EndpointBehaviour(profile, mulberry32(2), null),
      random: mulberry32(3),
      flowIntervalS: 0.5,
    });
    device.start();
    await waitFor('a batch', () => (fake.connections[0]?.flows().length ?? 0) >= 1);
    const records = fake.connections[0]!.flows().flatMap((f) => f.records);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r).toMatchObject({ user: profile.user, src_ip: profile.vpnIp, wan: profile.ifname });
  });

  it('exports nothing with the interval at 0', async () => {
    const fake = await fakeServer(() => 'ack');
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0 });
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.connections[0]!.flows()).toEqual([]);
  });
});
