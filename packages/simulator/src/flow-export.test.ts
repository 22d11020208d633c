import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { flowsMessageSchema, type FlowsMessage } from '@netloom/domain';
import { SimulatedDevice, type DeviceEvent } from './device';
import { EndpointBehaviour } from './endpoint-behaviour';
import { fakeAgentServer, waitFor, type FakeConnection } from './fake-agent-server';
import { buildDevices, type FleetOptions } from './fleet';
import { GatewayBehaviour } from './gateway-behaviour';
import { mulberry32 } from './prng';
import { endpointProfile, gatewayProfile } from './profiles';

const flowsOf = (c: FakeConnection | undefined) => c?.messages<FlowsMessage>('flows') ?? [];

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
    const fake = await fakeAgentServer(() => 'ack');
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
    await waitFor('three batches', () => flowsOf(fake.connections[0]).length >= 3);
    const batches = flowsOf(fake.connections[0]);
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
    const fake = await fakeAgentServer((_m, connection) => (connection === 0 ? 'silent' : 'ack'));
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0.3 });
    // Three unanswered batches in flight, and more waiting behind them.
    await waitFor('batches kept', () => device!.flowExport.outbox.pending.length >= 5);
    const first = flowsOf(fake.connections[0]).map(({ at: _at, ...m }) => m);
    expect(first).toHaveLength(3);
    fake.connections[0]!.ws.terminate();

    await waitFor('the backlog delivered', () => flowsOf(fake.connections[1]).length >= 6 && device!.flowExport.outbox.pending.length <= 1);
    const second = flowsOf(fake.connections[1]).map(({ at: _at, ...m }) => m);
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
    const fake = await fakeAgentServer((m) => {
      if (refused === null) refused = m.seq;
      return m.seq === refused && flowsOf(fake.connections[0]).filter((f) => f.seq === refused).length === 1 ? { busy: 600 } : 'ack';
    });
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0.2 });
    await waitFor('the refused batch sent again', () => flowsOf(fake.connections[0]).filter((f) => f.seq === refused).length === 2);
    const flows = flowsOf(fake.connections[0]);
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
    // What the outbox kept when the device last went live.
    let keptAtLive: number[] = [];
    const fake = await fakeAgentServer((_m, connection) => (connection === 0 ? 'silent' : 'ack'));
    server = fake.server;
    start(fake.url, 'gateway', {
      flowIntervalS: 0.1,
      flowOutboxBatches: 4,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'state' && e.state === 'connected') keptAtLive = e.device.flowExport.outbox.pending;
      },
    });
    await waitFor('a drop told', () => events.some((e) => e.type === 'flows_dropped'));
    const dropped = events.find((e) => e.type === 'flows_dropped') as Extract<DeviceEvent, { type: 'flows_dropped' }>;
    expect(dropped.batches).toBeGreaterThanOrEqual(1);
    expect(dropped.records).toBeGreaterThan(0);
    expect(device!.flowExport.outbox.pending.length).toBe(4);
    const kept = device!.flowExport.outbox.pending;
    fake.connections[0]!.ws.terminate();
    await waitFor('resent', () => flowsOf(fake.connections[1]).length >= 4);
    // What went out again is what was kept, oldest first: never a dropped one. The export clock
    // runs on while the device reconnects, so the oldest kept may have been dropped meanwhile:
    // those still kept are the newest of them.
    expect(
      flowsOf(fake.connections[1])
        .slice(0, 3)
        .map((f) => f.seq),
    ).toEqual(keptAtLive.slice(0, 3));
    expect(keptAtLive.filter((seq) => seq <= kept.at(-1)!)).toEqual(kept.filter((seq) => seq >= keptAtLive[0]!));
  });

  it("an endpoint's batches name its user on every record", async () => {
    const fake = await fakeAgentServer(() => 'ack');
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
    await waitFor('a batch', () => flowsOf(fake.connections[0]).length >= 1);
    const records = flowsOf(fake.connections[0]).flatMap((f) => f.records);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r).toMatchObject({ user: profile.user, src_ip: profile.vpnIp, wan: profile.ifname });
  });

  it('exports nothing with the interval at 0', async () => {
    const fake = await fakeAgentServer(() => 'ack');
    server = fake.server;
    start(fake.url, 'gateway', { flowIntervalS: 0 });
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(flowsOf(fake.connections[0])).toEqual([]);
  });
});
