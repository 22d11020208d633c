import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, networkSchema } from '@netloom/domain';
import { z } from 'zod';
import { deviceMetrics, devices } from './schema/index';
import { bearer, build, DEMO_PASSWORD, login, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { TestConsole } from '../test/live-client';
import { scratchPostgres, type ScratchDatabase } from '../test/scratch-postgres';
import { TcpProxy } from '../test/tcp-proxy';

const adminUrl = process.env.TEST_DATABASE_URL;
const OUTAGE_MS = 5_000;
// Shorter than the outage: devices' stored last-seen times are older than this when it ends.
const OFFLINE_AFTER_S = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async <T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
};

interface LogLine {
  level: number;
  time: number;
  msg: string;
  reason?: string;
}

/** A device of the test: enrolled once, then reconnecting with its credential like a real agent. */
interface Device {
  serial: string;
  id: string;
  credential: { device_id: string; secret: string };
  agent: TestAgent;
}

describe.skipIf(!adminUrl)('a PostgreSQL outage (needs TEST_DATABASE_URL; skipped on PGlite-only runs)', () => {
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let token: string;
  let openApiGets: string[];
  let heartbeats: NodeJS.Timeout;
  let console_: TestConsole;
  const fleet: Device[] = [];
  const acknowledgedMetrics: { deviceId: string; rx: number }[] = [];
  // Connected across the outage without a word; then one reports again soon after it, one never.
  let goodbye: Device;
  let returning: Device;
  let silent: Device;
  let restoredAt: Date;
  // From the end of the outage: the returning device's heartbeats, and each look at the two quiet devices' stored status, with when it was answered.
  let pulse: NodeJS.Timeout | undefined;
  let watching: Promise<void> | undefined;
  const looks: { at: number; returning: string; silent: string }[] = [];
  const logLines: LogLine[] = [];

  const api = (method: 'GET' | 'POST' | 'HEAD', url: string, payload?: object) =>
    t.app.inject({ method, url: url.startsWith('/') ? url : `/api/v1/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const groupNames = async () =>
    z
      .array(networkSchema)
      .parse((await api('GET', 'network/list/')).json())
      .map((g) => g.networkName);

  const online = async (d: Device) => {
    d.agent = await TestAgent.connect(t.app);
    d.agent.hello({ kind: 'credential', ...d.credential }, { serial: d.serial });
    await d.agent.next('welcome');
  };
  const sendMetrics = (d: Device, rx: number) => {
    d.agent.send({ type: 'metrics', at: new Date().toISOString(), interfaces: [{ ifname: 'eth0', rx_bytes: rx, tx_bytes: 1 }], ping: [] });
    return d.agent.seq;
  };
  /** What became of batch `seq`: its ack (heartbeats are acknowledged in between), the socket's close, or nothing. */
  const ackOf = async (d: Device, seq: number, timeoutMs = 5_000): Promise<string> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      if (d.agent.received.some((m) => m.type === 'ack' && m.seq === seq)) return 'acknowledged';
      if (d.agent.ws.readyState !== d.agent.ws.OPEN) return `closed ${(await d.agent.closed).code}`;
      if (Date.now() > until) return 'no answer';
      await sleep(20);
    }
  };

  beforeAll(async () => {
    scratch = await scratchPostgres(adminUrl!);
    const target = new URL(scratch.url);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    const url = proxy.through(scratch.url);
    t = await build(
      'postgres',
      (c) => ({
        ...c,
        // The outage is a refused connection, seen at once; the timeouts only have to outlast a
        // busy machine's slowest connect and statement, or a slow one would count as a second outage.
        database: { kind: 'postgres', url, connectTimeoutMs: 10_000, queryTimeoutMs: 15_000 },
        fleet: { ...c.fleet, heartbeatIntervalSeconds: 1, offlineAfterSeconds: OFFLINE_AFTER_S },
        logLevel: 'warn',
      }),
      { postgresUrl: url, seed: true },
      { logStream: { write: (line) => void logLines.push(JSON.parse(line) as LogLine) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await login(t.app, 'owner@acme.test')).access;
    openApiGets = Object.entries((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<string, object>)
      .filter(([path, ops]) => path.startsWith('/api/v1/') && 'get' in ops)
      .map(([path]) => path.replace(/\{[^}]+\}/g, crypto.randomUUID()));
  });

  /** Looks at the quiet devices' stored status every 100 ms until the silent one is offline (or 30 s have passed). */
  const watchQuietDevices = async () => {
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      try {
        const rows = await t.app.services.db
          .select({ id: devices.id, status: devices.deviceStatus })
          .from(devices)
          .where(inArray(devices.id, [returning.id, silent.id]));
        const statusOf = (d: Device) => rows.find((r) => r.id === d.id)!.status;
        looks.push({ at: Date.now(), returning: statusOf(returning), silent: statusOf(silent) });
        if (statusOf(silent) !== 'running') return;
      } catch {
        // Not reachable again yet.
      }
      await sleep(100);
    }
  };

  afterAll(async () => {
    clearInterval(heartbeats);
    clearInterval(pulse);
    await watching;
    for (const d of [...fleet, goodbye, returning, silent]) d?.agent.ws.terminate();
    console_?.ws.terminate();
    await t?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it('acknowledges writes while the database is up', async () => {
    for (const name of ['Outage A', 'Outage B', 'Outage C']) expect((await api('POST', 'network/list/', { name })).statusCode).toBeLessThan(300);
    const { key, tenantId } = await enrolmentKey(t.app, 'Acme');
    const enrol = async (serial: string): Promise<Device> => {
      const agent = await TestAgent.connect(t.app);
      agent.hello({ kind: 'enrol', enrolment_key: key }, { serial, name: serial });
      const welcome = (await agent.next('welcome')) as { device_id: string; credential: { device_id: string; secret: string } };
      return { serial, id: welcome.device_id, credential: welcome.credential, agent };
    };
    for (const serial of ['SN-OUT-1', 'SN-OUT-2']) fleet.push(await enrol(serial));
    [goodbye, returning, silent] = [await enrol('SN-OUT-BYE'), await enrol('SN-OUT-BACK'), await enrol('SN-OUT-SILENT')];
    for (const [i, d] of fleet.entries()) {
      const seq = sendMetrics(d, 1_000 + i);
      expect(await ackOf(d, seq)).toBe('acknowledged');
      acknowledgedMetrics.push({ deviceId: d.id, rx: 1_000 + i });
    }
    // Heartbeats keep flowing through what follows, as a fleet's would.
    heartbeats = setInterval(() => {
      for (const d of fleet) if (d.agent.ws.readyState === d.agent.ws.OPEN) d.agent.heartbeat();
    }, 250);
    console_ = await TestConsole.open(t.app, `/ws/status/${tenantId}`, token);
    await console_.waitFor((m) => Array.isArray(m.deviceinfo));
  });

  it('answers 503 with Retry-After (never 500) while the database is unreachable, and stays alive', async () => {
    // The quiet devices' last word before the outage, stored.
    for (const d of [goodbye, returning, silent]) d.agent.heartbeat();
    for (const d of [goodbye, returning, silent]) {
      await waitFor(
        `${d.serial} stored`,
        async () => (await t.app.services.db.select().from(devices).where(eq(devices.id, d.id)))[0]?.deviceStatus === 'running',
      );
    }
    const cutAt = Date.now();
    await proxy.cut();

    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/readyz'],
      ['HEAD', '/api/v1/tenant/data/health/'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(503);
      expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
    }

    const calls: [string, 'GET' | 'POST', string, object?][] = [
      ['dashboard configuration', 'GET', 'tenant/dashboard-config/'],
      ['device list', 'POST', 'device/list/', { page: 1, size: 25 }],
      ['device groups', 'GET', 'network/list/'],
      ['new device group', 'POST', 'network/list/', { name: 'During the outage' }],
      ['tenant settings', 'GET', 'tenant/config/config-preference/'],
      ['team', 'GET', 'teams/users/'],
    ];
    for (const [what, method, url, payload] of calls) {
      const res = await api(method, url, payload);
      expect(res.statusCode, what).toBe(503);
      expect(Number(res.headers['retry-after']), what).toBeGreaterThan(0);
      expect(apiErrorSchema.parse(res.json()), what).toEqual({ detail: 'Server not responding', code: 'service_unavailable' });
    }
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'viewer@acme.test', password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(503);

    // Every read of the API document: whatever it answers, a server error is only ever the 503.
    const serverErrors: string[] = [];
    for (const url of openApiGets) {
      const res = await api('GET', url);
      if (res.statusCode >= 500 && (res.statusCode !== 503 || !res.headers['retry-after'])) serverErrors.push(`${url} ${res.statusCode}`);
    }
    expect(serverErrors).toEqual([]);

    // A batch sent now cannot be stored, so it is not acknowledged: the device is told to come back later.
    const during = fleet.map((d) => sendMetrics(d, 9_999));
    expect(await Promise.all(fleet.map((d, i) => ackOf(d, during[i]!, 4_000)))).toEqual(['closed 1013', 'closed 1013']);
    // A heartbeat is live state, acknowledged before it is written; then the device says goodbye.
    goodbye.agent.heartbeat({ os: 'said during the outage' });
    await goodbye.agent.next('ack');
    goodbye.agent.close();
    await goodbye.agent.closed;

    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('serves again once the database is back, without a restart, with every acknowledged write kept', async () => {
    restoredAt = new Date();
    await proxy.restore();
    // One quiet device reports again from now on, the other never; what the offline sweep makes of
    // them is watched from now on too (the next test judges it), however long this one takes.
    returning.agent.heartbeat();
    pulse = setInterval(() => returning.agent.heartbeat(), 500);
    watching = watchQuietDevices();
    await waitFor('ready again', async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/tenant/data/health/' })).statusCode).toBe(200);

    expect(await groupNames()).toEqual(expect.arrayContaining(['Outage A', 'Outage B', 'Outage C']));
    expect(await groupNames()).not.toContain('During the outage');
    expect((await api('POST', 'network/list/', { name: 'After the outage' })).statusCode).toBeLessThan(300);
    expect((await api('POST', 'device/list/', { page: 1, size: 25 })).statusCode).toBe(200);

    const { db } = t.app.services;
    for (const m of acknowledgedMetrics) {
      const rows = await db
        .select()
        .from(deviceMetrics)
        .where(and(eq(deviceMetrics.deviceId, m.deviceId), eq(deviceMetrics.rxBytes, m.rx)));
      expect(rows, `metrics ${m.rx}`).toHaveLength(1);
    }

    // Devices the server let go during the outage come back; the batch it did not acknowledge is sent again and stored.
    for (const d of fleet) if (d.agent.ws.readyState !== d.agent.ws.OPEN) await online(d);
    const again = sendMetrics(fleet[0]!, 9_999);
    expect(await ackOf(fleet[0]!, again)).toBe('acknowledged');

    // What a device was acknowledged during the outage is stored once the database is back.
    const goodbyeRow = await waitFor('goodbye stored', async () => {
      const [row] = await db.select().from(devices).where(eq(devices.id, goodbye.id));
      return row?.os === 'said during the outage' && row;
    });
    expect(goodbyeRow.deviceStatus).toBe('error');

    // The batched state writer catches up: every device's heartbeat after the outage is stored.
    for (const d of fleet) {
      await waitFor(
        `${d.serial} seen after the outage`,
        async () =>
          (
            await db
              .select({ id: devices.id })
              .from(devices)
              .where(and(eq(devices.id, d.id), gt(devices.lastSeenAt, restoredAt)))
          ).length === 1,
      );
    }
  });

  it('gives devices the offline timeout from the end of the outage to report before marking them offline', async () => {
    // Silence is measured from the end of the outage: the device that never came back goes offline then.
    await watching;
    const graceEnds = restoredAt.getTime() + OFFLINE_AFTER_S * 1000;
    // Their stored last-seen was older than the timeout when the outage ended, but they could not
    // have been heard until then: whatever was read before the timeout had passed since finds both running.
    const early = looks.filter((l) => l.at < graceEnds);
    expect(early.length, 'looks within the timeout from the end of the outage').toBeGreaterThan(0);
    expect(early.map((l) => [l.returning, l.silent])).toEqual(early.map(() => ['running', 'running']));
    const last = looks.at(-1)!;
    expect(last.silent).toBe('error');
    expect(last.at).toBeGreaterThanOrEqual(graceEnds);
    // The device that reported within it was never marked offline.
    expect(looks.map((l) => l.returning)).toEqual(looks.map(() => 'running'));
    const { db } = t.app.services;
    expect((await db.select().from(devices).where(eq(devices.id, returning.id)))[0]!.deviceStatus).toBe('running');
  });

  it('logs the outage once at warn, not an error per device', () => {
    const agentErrors = logLines.filter((l) => l.level >= 50 && /agent message failed|device (state|metrics) write failed|offline sweep failed/.test(l.msg));
    expect(agentErrors.map((l) => l.msg)).toEqual([]);
    // Each notice with what the gateway saw and when, so that a second one names its cause.
    const notices = logLines
      .filter((l) => l.level === 40 && l.msg.startsWith('device gateway: database unavailable'))
      .map((l) => `${new Date(l.time).toISOString()} ${l.reason}`);
    expect(notices, `outage ended at ${restoredAt.toISOString()}`).toHaveLength(1);
  });
});
