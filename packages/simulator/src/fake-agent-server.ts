import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** Test support: a stand-in for the server's agent endpoint, for the export tests. */

export type AgentMessage = Record<string, unknown> & { type: string; seq: number };

interface Received {
  at: number;
  message: AgentMessage;
}

/** How the server answers a batch (flows, URL events, zero-trust sessions, WAF events): stored, busy (retry after that many ms), or not at all. */
export type BatchAnswer = 'ack' | { busy: number } | 'silent';

export interface FakeConnection {
  ws: WebSocket;
  received: Received[];
  /** The messages of a type received on this connection, each with the time it arrived. */
  messages: <T>(type: string) => (T & { at: number })[];
  send: (message: object) => void;
}

const BATCH_TYPES = new Set(['flows', 'url_events', 'ztna_sessions', 'waf_events']);

/**
 * A server that approves every device and acknowledges what it is sent, except batches, which
 * `answerBatch` answers as the test wants.
 */
export async function fakeAgentServer(
  answerBatch: (m: AgentMessage, connection: number) => BatchAnswer,
  /** `credentials`: an enrolling device is given one (it then knows its device id). */
  opts: { heartbeatIntervalS?: number; credentials?: boolean } = {},
) {
  const connections: FakeConnection[] = [];
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  server.on('connection', (ws: WebSocket) => {
    const received: Received[] = [];
    const index = connections.length;
    const send = (m: object) => ws.send(JSON.stringify(m));
    connections.push({
      ws,
      received,
      messages: <T>(type: string) => received.filter((r) => r.message.type === type).map((r) => ({ ...(r.message as unknown as T), at: r.at })),
      send,
    });
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as AgentMessage;
      received.push({ at: Date.now(), message: m });
      if (m.type === 'hello') {
        const deviceId = crypto.randomUUID();
        const credential = opts.credentials ? { credential: { device_id: deviceId, secret: 'simulated-device-secret' } } : {};
        return send({ type: 'welcome', device_id: deviceId, state: 'approved', heartbeat_interval_s: opts.heartbeatIntervalS ?? 60, ...credential });
      }
      if (!BATCH_TYPES.has(m.type)) return send({ type: 'ack', seq: m.seq, duplicate: false });
      const answer = answerBatch(m, index);
      if (answer === 'ack') send({ type: 'ack', seq: m.seq, duplicate: false });
      else if (answer !== 'silent') send({ type: 'busy', seq: m.seq, retry_after_ms: answer.busy });
    });
  });
  const { port } = server.address() as AddressInfo;
  return { server, connections, url: `ws://127.0.0.1:${port}` };
}

export async function waitFor(what: string, probe: () => boolean, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
