import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { build, login, type TestApp } from '../test/build';
import { enrolmentKey } from '../test/agent-client';
import { handshake, TestConsole } from '../test/live-client';

/**
 * What a browser socket's handshake is refused for: another site's page, and an address that
 * already holds its share of sockets that have not said who they are (browser or device side).
 */
describe('websocket handshakes', () => {
  let t: TestApp;
  let tenantId: string;
  let token: string;
  const open: WebSocket[] = [];
  const live = () => `/ws/status/${tenantId}`;
  const closeAll = async () => {
    await Promise.all(open.splice(0).map(closeSocket));
  };
  const closeSocket = (ws: WebSocket) =>
    new Promise((r) => {
      if (ws.readyState === ws.CLOSED) return r(null);
      ws.once('close', r);
      ws.close();
    });
  /** Opens sockets that never authenticate. */
  const hold = async (path: string, n: number, headers: Record<string, string> = {}) => {
    for (let i = 0; i < n; i++) {
      const r = await handshake(t.app, path, headers);
      if (!r.ws) throw new Error(`socket ${i + 1} refused: ${r.refused.status}`);
      open.push(r.ws);
    }
  };

  beforeAll(async () => {
    t = await build('pglite', (c) => ({
      ...c,
      sockets: { ...c.sockets, allowedOrigins: ['https://console.example.net'], preAuthPerAddress: 5, authTimeoutMs: 4000 },
    }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenantId = (await enrolmentKey(t.app, 'Acme')).tenantId;
    token = (await login(t.app, 'viewer@acme.test')).access;
  });
  afterAll(async () => {
    await closeAll();
    await t.close();
  });

  it('refuses a page of another site, and lets the console’s own pages and non-browser clients in', async () => {
    const { port } = t.app.server.address() as { port: number };
    const refusedFor = async (origin: string, host?: string) => {
      const r = await handshake(t.app, live(), { origin, ...(host ? { host } : {}) });
      r.ws?.close();
      return r.refused;
    };
    for (const origin of ['https://evil.example', 'null', 'http://console.test.evil.example', `http://localhost:${port + 1}`]) {
      expect(await refusedFor(origin), origin).toMatchObject({ status: 403, body: { code: 'permission_denied' } });
    }
    // PUBLIC_URL's origin, an ALLOWED_ORIGINS one, and a page served by the host the socket is opened on.
    for (const origin of ['http://console.test', 'https://console.example.net', `http://127.0.0.1:${port}`]) {
      expect(await refusedFor(origin), origin).toBeNull();
    }
    expect(await refusedFor('http://netloom.lan:8080', 'netloom.lan:8080')).toBeNull();

    // A console from an allowed page still streams; a client without Origin (not a browser) still authenticates.
    for (const headers of [{ origin: 'https://console.example.net' }, {}] as Record<string, string>[]) {
      const c = await TestConsole.open(t.app, live(), token, headers);
      await c.waitFor((m) => !!m.deviceinfo);
      c.close();
    }
  });

  it('caps the unauthenticated sockets of one address, and frees a place once a socket authenticates or closes', async () => {
    await hold(live(), 5);
    const sixth = await handshake(t.app, live());
    expect(sixth.refused).toMatchObject({ status: 429, body: { code: 'throttled' } });

    // A console that authenticates no longer counts: the next handshake gets its place.
    open[0]!.send(JSON.stringify({ token }));
    await new Promise((r) => setTimeout(r, 100));
    await hold(live(), 1);
    expect((await handshake(t.app, live())).refused?.status).toBe(429);

    // A closed one frees its place too.
    await closeSocket(open[1]!);
    await hold(live(), 1);
    await closeAll();
  });

  it('closes a console socket that sends no token within the auth timeout', async () => {
    const c = await TestConsole.open(t.app, live());
    const started = Date.now();
    expect((await c.closed).code).toBe(4401);
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(Date.now() - started).toBeLessThan(5500);
  });

  it('caps device sockets that have not sent their hello the same way', async () => {
    await hold('/agent/v1', 5);
    expect((await handshake(t.app, '/agent/v1')).refused).toMatchObject({ status: 429, body: { code: 'throttled' } });
    // Browser sockets are counted apart: devices behind one address do not lock out its consoles.
    await hold(live(), 1);
    // A hello (here a malformed one, closed at once) ends the hold.
    open[0]!.send('{}');
    await new Promise((r) => setTimeout(r, 100));
    await hold('/agent/v1', 1);
    await closeAll();
  });
});
