import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AlarmNotification, DeviceRow, TenantInfo } from '@netloom/domain';

export interface LiveMessage {
  deviceinfo?: DeviceRow[];
  partial?: boolean;
  tenantinfo?: TenantInfo;
  notification?: Omit<AlarmNotification, 'read'>;
}

const socketUrl = (app: FastifyInstance, path: string) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;

/**
 * Opens a websocket the way a browser or device would and tells how the handshake ended: the
 * open socket, or the HTTP answer that refused the upgrade (status and error body).
 */
export async function handshake(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; refused: null } | { ws: null; refused: { status: number; body: { detail?: string; code?: string } } }> {
  const ws = new WebSocket(socketUrl(app, path), { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, refused: null }));
    ws.once('unexpected-response', (req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        resolve({ ws: null, refused: { status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} } });
        req.destroy();
      });
    });
    // Kept for the whole life of the socket: a late error after the answer must not go unhandled.
    ws.on('error', reject);
  });
}

/** A console's live socket for tests. */
export class TestConsole {
  readonly messages: LiveMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private listeners: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    ws.on('message', (data, isBinary) => {
      // Like the console in a browser: a binary frame arrives as a Blob, not a live message.
      if (isBinary) return;
      this.messages.push(JSON.parse(data.toString()) as LiveMessage);
      for (const l of this.listeners) l();
    });
  }

  static async open(app: FastifyInstance, path: string, token?: string, headers: Record<string, string> = {}): Promise<TestConsole> {
    const ws = new WebSocket(socketUrl(app, path), { headers });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const c = new TestConsole(ws);
    if (token) ws.send(JSON.stringify({ token }));
    return c;
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** Resolves with the first message (already received or coming) that satisfies the predicate. */
  waitFor(predicate: (m: LiveMessage) => boolean, timeoutMs = 5000, from = 0): Promise<LiveMessage> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = this.messages.slice(from).find(predicate);
        if (hit) {
          clearTimeout(timer);
          this.listeners = this.listeners.filter((l) => l !== check);
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        this.listeners = this.listeners.filter((l) => l !== check);
        reject(new Error(`no matching live message in ${timeoutMs} ms; got ${JSON.stringify(this.messages).slice(0, 500)}`));
      }, timeoutMs);
      this.listeners.push(check);
      check();
    });
  }

  close() {
    this.ws.close();
  }
}
