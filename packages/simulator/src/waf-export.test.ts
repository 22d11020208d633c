import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { WAF_EVENTS_BATCH_MAX, wafEventsMessageSchema, type WafAttack, type WafEventsMessage, type WafRequest } from '@netloom/domain';
import type { WafTraffic } from './behaviour';
import { SimulatedDevice } from './device';
import { fakeAgentServer, waitFor, type AgentMessage, type BatchAnswer, type FakeConnection } from './fake-agent-server';
import { GatewayBehaviour } from './gateway-behaviour';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';

const APP = '3a0b6a55-1f4e-4c3e-9d0b-7f2e8c1d4a60';

/** An edge whose logs grow by `perCall` requests (every tenth an attack) each time they are read. */
class Edge extends GatewayBehaviour {
  served = 0;
  constructor(private readonly perCall: number) {
    super(gatewayProfile(mulberry32(3), 0), mulberry32(1));
  }
  wafEvents(at: Date): WafTraffic {
    const requests: WafRequest[] = [];
    const attacks: WafAttack[] = [];
    for (let i = 0; i < this.perCall; i++) {
      const n = this.served++;
      const base = {
        at: at.toISOString(),
        application_id: APP,
        request_id: `r${n}`,
        host: 'shop.example.com',
        client_ip: '198.51.100.7',
        method: 'GET',
        user_agent: 'curl/8',
      };
      if (n % 10 === 9) {
        attacks.push({
          ...base,
          path: "/?id=1'+OR+'1'='1",
          status: 403,
          action: 'blocked',
          anomaly_score: 10,
          rules: [{ id: 942100, message: 'SQL Injection Attack Detected via libinjection', data: '', tags: [], severity: 2 }],
        });
      }
      requests.push({ ...base, path: '/', status: n % 10 === 9 ? 403 : 200, bytes: 512, elapsed_ms: 3 });
    }
    return { requests, attacks };
  }
}

const batchesOf = (c: FakeConnection | undefined) => c?.messages<WafEventsMessage>('waf_events') ?? [];

describe('WAF events over the agent protocol', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice | undefined;
  afterEach(async () => {
    await device?.stop();
    device = undefined;
    await new Promise((r) => server.close(r));
  });

  async function live(edge: Edge, answer: (m: AgentMessage) => BatchAnswer = () => 'ack') {
    const fake = await fakeAgentServer(answer);
    server = fake.server;
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'key',
      behaviour: edge,
      random: mulberry32(3),
      flowIntervalS: 0,
      urlIntervalS: 0,
      wafIntervalS: 0.3,
    });
    device.start();
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    return fake;
  }

  it('sends what the logs grew by each interval as valid batches of at most WAF_EVENTS_BATCH_MAX records, every request once', async () => {
    const edge = new Edge(1500);
    const fake = await live(edge);
    await waitFor('two intervals', () => edge.served >= 3000 && device!.wafExport.outbox.pending.length === 0);
    const batches = batchesOf(fake.connections[0]);
    expect(batches.length).toBeGreaterThanOrEqual(4);
    for (const b of batches) {
      const { at: _at, ...message } = b;
      expect(wafEventsMessageSchema.parse(message)).toEqual(message);
      expect(message.requests.length + message.attacks.length).toBeLessThanOrEqual(WAF_EVENTS_BATCH_MAX);
    }
    const ids = batches.flatMap((b) => b.requests.map((r) => r.request_id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(edge.served);
    expect(batches.flatMap((b) => b.attacks).length).toBe(edge.served / 10);
  });

  it('on busy keeps the batch and sends it again, same seq and records, after retry_after_ms', async () => {
    let refused: number | null = null;
    let refusals = 0;
    const fake = await live(new Edge(5), (m) => {
      if (m.type !== 'waf_events') return 'ack';
      refused ??= m.seq;
      return m.seq === refused && refusals++ === 0 ? { busy: 600 } : 'ack';
    });
    const connection = fake.connections[0];
    await waitFor('the refused batch sent again', () => batchesOf(connection).filter((b) => b.seq === refused).length === 2, 5000);
    const [busy, again] = batchesOf(connection).filter((b) => b.seq === refused) as [WafEventsMessage & { at: number }, WafEventsMessage & { at: number }];
    expect(again.at - busy.at).toBeGreaterThanOrEqual(590);
    expect(again.requests).toEqual(busy.requests);
    expect(again.attacks).toEqual(busy.attacks);
    expect(batchesOf(connection).filter((b) => b.at > busy.at && b.at < again.at)).toEqual([]);
  });

  it('keeps unacknowledged batches across a reconnect and sends them again under the same seq', async () => {
    let silent = true;
    const fake = await live(new Edge(3), (m) => (m.type === 'waf_events' && silent ? 'silent' : 'ack'));
    await waitFor('a batch left unanswered', () => batchesOf(fake.connections[0]).length >= 1);
    const first = batchesOf(fake.connections[0])[0]!;
    silent = false;
    device!.cutConnection();
    await waitFor('it sent again after the reconnect', () => batchesOf(fake.connections[1]).some((b) => b.seq === first.seq), 8000);
    expect(batchesOf(fake.connections[1]).find((b) => b.seq === first.seq)!.requests).toEqual(first.requests);
  });

  it('exports nothing for a device that serves no applications', async () => {
    const fake = await fakeAgentServer(() => 'ack');
    server = fake.server;
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'key',
      behaviour: new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1)),
      random: mulberry32(3),
      flowIntervalS: 0,
      wafIntervalS: 0.2,
    });
    device.start();
    await new Promise((r) => setTimeout(r, 800));
    expect(device.wafExport.enabled).toBe(false);
    expect(batchesOf(fake.connections[0])).toEqual([]);
  });
});
