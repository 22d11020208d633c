import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { AGENT_CLOSE } from '@netloom/domain';
import { buildDevices } from './fleet';
import type { SimulatedDevice } from './device';

type Message = Record<string, unknown> & { type: string; seq: number };

/**
 * A server that cannot store anything for a moment (its database is away) closes with 1013 'try
 * again later' instead of acknowledging: the device comes back after its back-off and sends the
 * batch that was not acknowledged again, under the same seq.
 */
describe('a device told to try again later', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice;
  afterEach(async () => {
    await device?.stop();
    await new Promise((r) => server.close(r));
  });

  it('reconnects after its back-off and resends the unacknowledged metrics batch', async () => {
    const connections: { at: number; messages: Message[] }[] = [];
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    server.on('connection', (ws: WebSocket) => {
      const connection = { at: Date.now(), messages: [] as Message[] };
      connections.push(connection);
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as Message;
        connection.messages.push(m);
        if (m.type === 'hello') ws.send(JSON.stringify({ type: 'welcome', device_id: crypto.randomUUID(), state: 'approved', heartbeat_interval_s: 60 }));
        else if (m.type === 'metrics' && connections.length === 1) ws.close(AGENT_CLOSE.tryLater.code, AGENT_CLOSE.tryLater.reason);
        else ws.send(JSON.stringify({ type: 'ack', seq: m.seq, duplicate: false }));
      });
    });
    const { port } = server.address() as AddressInfo;
    [device] = buildDevices({
      url: `ws://127.0.0.1:${port}`,
      tenants: [{ enrolmentKey: 'key', gateways: 1, endpoints: 0, emailDomain: 'try-later.test' }],
      sessions: false,
      backoff: { baseMs: 200, maxMs: 400 },
    }) as [SimulatedDevice];
    device.start();

    const until = Date.now() + 5_000;
    while (!connections[1]?.messages.some((m) => m.type === 'metrics') && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const refused = connections[0]!.messages.find((m) => m.type === 'metrics')!;
    const resent = connections[1]!.messages.filter((m) => m.type === 'metrics');
    expect(device.lastClose?.code).toBe(1013);
    // It waited its jittered back-off (full jitter: up to the 200 ms ceiling of a first attempt) before coming back.
    expect(device.lastBackoffMs).toBeLessThanOrEqual(200);
    expect(connections[1]!.at - connections[0]!.at).toBeGreaterThanOrEqual(device.lastBackoffMs!);
    expect(resent[0]).toEqual(refused);
  });
});
