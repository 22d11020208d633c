import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { AGENT_PROTOCOL_VERSION } from '@netloom/domain';
import { tenants } from '../db/schema/index';

/** A scripted device for tests: speaks the agent protocol over a real websocket. */
export class TestAgent {
  readonly received: Record<string, unknown>[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly opened: Promise<void>;
  private waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
  seq = 0;
  private readonly taken = new WeakSet<object>();

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      this.received.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(m)) return true;
        w.resolve(m);
        return false;
      });
    });
  }

  /** To the app's agent socket, at the address it listens on (loopback unless told: a lab's server listens on its management link). */
  static async connect(app: FastifyInstance, host = '127.0.0.1'): Promise<TestAgent> {
    const { port } = app.server.address() as AddressInfo;
    const agent = new TestAgent(new WebSocket(`ws://${host}:${port}/agent/v1`));
    await agent.opened;
    return agent;
  }

  sendRaw(text: string) {
    this.ws.send(text);
  }

  send(message: Record<string, unknown>) {
    this.ws.send(JSON.stringify({ seq: ++this.seq, ...message }));
  }

  next(type: string, timeoutMs = 5000): Promise<Record<string, unknown>> {
    const already = this.received.find((m) => m.type === type && !this.taken.has(m));
    if (already) {
      this.taken.add(already);
      return Promise.resolve(already);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`)), timeoutMs);
      this.waiters.push({
        match: (m) => m.type === type && !this.taken.has(m),
        resolve: (m) => {
          clearTimeout(timer);
          this.taken.add(m);
          resolve(m);
        },
      });
    });
  }

  hello(auth: Record<string, unknown>, identity: Partial<{ serial: string; name: string; kind: string; user: string; device_type: string }> = {}) {
    this.send({
      type: 'hello',
      protocol: AGENT_PROTOCOL_VERSION,
      auth,
      identity: { serial: 'SN-1', name: 'edge-1', kind: 'gateway', ...identity },
      model: 'NL-100',
      os: 'NetloomOS',
      version: '1.0.0',
    });
  }

  heartbeat(extra: Record<string, unknown> = {}) {
    this.send({
      type: 'heartbeat',
      status: 'running',
      wan: [{ name: 'WAN1', status: 'up', ifname: 'eth0', weight: 1 }],
      public_ip: '203.0.113.10',
      location: { name: 'Chennai', lat: 13.08, lng: 80.27 },
      ...extra,
    });
  }

  close(code = 1000) {
    this.ws.close(code);
  }
}

export async function enrolmentKey(app: FastifyInstance, tenantName: string): Promise<{ tenantId: string; key: string }> {
  const [t] = await app.services.db.select().from(tenants).where(eq(tenants.name, tenantName));
  if (!t?.enrolmentKey) throw new Error(`no enrolment key for ${tenantName}`);
  return { tenantId: t.id, key: t.enrolmentKey };
}
