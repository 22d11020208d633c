import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { build, login, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

const INFO = 30;
const ERROR = 50;

/**
 * The server log at its default level (info) says what an operator needs: failed and slow
 * requests, devices coming and going; not one line per request, static file or heartbeat.
 */
describe('the server log', () => {
  let t: TestApp;
  const lines: LogLine[] = [];
  const linesDuring = async (action: () => Promise<unknown>): Promise<LogLine[]> => {
    const from = lines.length;
    await action();
    // pino writes synchronously to the stream; a tick lets close handlers run.
    await new Promise((r) => setTimeout(r, 50));
    return lines.slice(from);
  };

  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, logLevel: 'info' }), undefined, {
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('writes nothing at info for a normal request, nor for a client error', async () => {
    const written = await linesDuring(async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/login-options/' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
    });
    expect(written.filter((l) => l.level >= INFO)).toEqual([]);
  });

  it('writes one error line with the request id for a 5xx', async () => {
    const { access } = await login(t.app, 'owner@acme.test');
    const written = await linesDuring(async () => {
      // A statement that fails for a reason of the server's own (not an outage): a table gone.
      await t.app.services.db.execute(sql`alter table networks rename to networks_away`);
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/network/list/', headers: { authorization: `Bearer ${access}` } });
        expect(res.statusCode).toBe(500);
      } finally {
        await t.app.services.db.execute(sql`alter table networks_away rename to networks`);
      }
    });
    const atInfo = written.filter((l) => l.level >= INFO);
    expect(atInfo).toHaveLength(1);
    expect(atInfo[0]).toMatchObject({ level: ERROR, statusCode: 500, method: 'GET', url: '/api/v1/network/list/' });
    expect(atInfo[0]!.reqId).toEqual(expect.any(String));
    expect(atInfo[0]!.err).toMatchObject({ cause: { code: '42P01' } });
  });

  it('writes one line when a device connects and one when it disconnects, none per heartbeat', async () => {
    const { tenantId, key } = await enrolmentKey(t.app, 'Acme');
    let agent: TestAgent;
    let deviceId = '';
    const connecting = await linesDuring(async () => {
      agent = await TestAgent.connect(t.app);
      agent.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-LOG-1' });
      deviceId = String((await agent.next('welcome')).device_id);
    });
    expect(connecting.filter((l) => l.level >= INFO)).toEqual([
      expect.objectContaining({ level: INFO, msg: 'device connected', device: deviceId, tenant: tenantId, serial: 'SN-LOG-1' }),
    ]);

    const beating = await linesDuring(async () => {
      for (let i = 0; i < 3; i++) {
        agent.heartbeat();
        await agent.next('ack');
      }
    });
    expect(beating.filter((l) => l.level >= INFO)).toEqual([]);

    const leaving = await linesDuring(async () => {
      agent.ws.close(1000, 'shutting down');
      await agent.closed;
    });
    expect(leaving.filter((l) => l.level >= INFO)).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'device disconnected',
        device: deviceId,
        tenant: tenantId,
        serial: 'SN-LOG-1',
        code: 1000,
        reason: 'shutting down',
      }),
    ]);
  });
});
