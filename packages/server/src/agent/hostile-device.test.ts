import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deviceMetrics, devices } from '../db/schema/index';
import { addDevice, demoTenantIds } from '../fleet/test-fixtures';
import { build, testBackends, type TestApp } from '../test/build';
import { enrolmentKey, TestAgent } from '../test/agent-client';
import { DeviceStateWriter } from './state-writer';

/** A logger that keeps what was logged, to show what an operator would read. */
function recordingLogger() {
  const lines: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), trace: at('trace'), fatal: at('fatal') } as Record<string, unknown>;
  log.child = () => log;
  return { log: log as unknown as FastifyBaseLogger, lines };
}

describe.each(testBackends('concurrent writes'))('a hostile or faulty device on %s', (backend) => {
  let t: TestApp;
  const agents: TestAgent[] = [];
  const connect = async () => {
    const a = await TestAgent.connect(t.app);
    agents.push(a);
    return a;
  };
  const db = () => t.app.services.db;
  const deviceRow = async (id: string) => (await db().select().from(devices).where(eq(devices.id, id)))[0]!;

  beforeAll(async () => {
    t = await build(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    await t.close();
  });

  const enrol = async (tenant: string, serial: string) => {
    const { key } = await enrolmentKey(t.app, tenant);
    const agent = await connect();
    agent.hello({ kind: 'enrol', enrolment_key: key }, { serial });
    const welcome = (await agent.next('welcome')) as { device_id: string; credential: { device_id: string; secret: string } };
    return { agent, deviceId: welcome.device_id };
  };

  describe('text PostgreSQL cannot store', () => {
    const unstorable: [string, (a: TestAgent) => void, RegExp][] = [
      ["a NUL in a heartbeat's os", (a) => a.heartbeat({ os: 'li\u0000nux' }), /^malformed message: os /],
      [
        'a lone surrogate in a location name',
        (a) => a.heartbeat({ location: { name: 'Chen\uD800nai', lat: 1, lng: 2 } }),
        /^malformed message: location\.name /,
      ],
      [
        "a NUL in a WAN link's interface",
        (a) => a.heartbeat({ wan: [{ name: 'WAN1', status: 'up', ifname: 'et\u0000h0', weight: 1 }] }),
        /^malformed message: wan\.0\.ifname /,
      ],
      [
        'a NUL in a metrics interface name',
        (a) => a.send({ type: 'metrics', at: new Date().toISOString(), interfaces: [{ ifname: 'eth\u00000', rx_bytes: 1, tx_bytes: 1 }] }),
        /^malformed message: interfaces\.0\.ifname /,
      ],
      [
        'a NUL deep in a document changed on the box',
        (a) => a.send({ type: 'config_changed', config_hash: 'h', document: { static_routes: [{ name: 'lo\u0000cal' }] } }),
        /^malformed message: document /,
      ],
      [
        'a NUL in a job result',
        (a) => a.send({ type: 'job_result', job_id: crypto.randomUUID(), ok: true, output: 'do\u0000ne' }),
        /^malformed message: output /,
      ],
    ];
    it.each(unstorable)('%s closes the socket as malformed, unacknowledged, and others keep being stored', async (_, sendBad, reason) => {
      const bad = await enrol('Acme', `SN-BAD-${crypto.randomUUID()}`);
      const good = await enrol('Globex', `SN-GOOD-${crypto.randomUUID()}`);
      sendBad(bad.agent);
      const closed = await bad.agent.closed;
      expect(closed.code).toBe(4400);
      expect(closed.reason).toMatch(reason);
      expect(bad.agent.received.filter((m) => m.type === 'ack')).toEqual([]);

      good.agent.heartbeat({ os: 'OpenWrt 24' });
      await good.agent.next('ack');
      await expect.poll(async () => (await deviceRow(good.deviceId)).os, { timeout: 3000 }).toBe('OpenWrt 24');
    });

    it('refuses it in a hello before anything is written', async () => {
      const { key } = await enrolmentKey(t.app, 'Acme');
      const a = await connect();
      a.hello({ kind: 'enrol', enrolment_key: key }, { serial: 'SN-\u0000', name: 'edge' });
      expect(await a.closed).toMatchObject({ code: 4400, reason: expect.stringMatching(/^malformed message: identity\.serial /) });
    });
  });

  describe("the batched writer, past the protocol's edge", () => {
    it("writes every other device's state when one row fails, and rejects only that device's write", async () => {
      const { acme, globex } = await demoTenantIds(db());
      const [a, b, c] = await Promise.all([addDevice(db(), acme), addDevice(db(), globex), addDevice(db(), globex)]);
      const { log, lines } = recordingLogger();
      const writer = new DeviceStateWriter(db(), log, 5);
      const seen = new Date();
      const writes = [
        writer.writeState({ ...a!, os: 'Linux A', lastSeenAt: seen }),
        writer.writeState({ ...b!, os: 'li\u0000nux', lastSeenAt: seen }),
        writer.writeState({ ...c!, os: 'Linux C', lastSeenAt: seen }),
      ];
      const outcomes = await Promise.allSettled(writes);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((await deviceRow(a!.id)).os).toBe('Linux A');
      expect((await deviceRow(c!.id)).os).toBe('Linux C');
      expect((await deviceRow(b!.id)).os).toBeNull();

      // One line names the device; nothing of what was written reaches the log.
      const errors = lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors[0]!.args)).toContain(b!.id);
      const logged = JSON.stringify(lines, (_, v: unknown) => (v instanceof Error ? { ...v, message: v.message } : v));
      expect(logged).not.toContain('Linux A');
      expect(logged).not.toContain(a!.id);
      await writer.close();
    });

    it('names the column the database refused in the log line and in the rejection, not just the code', async () => {
      const { acme } = await demoTenantIds(db());
      const device = await addDevice(db(), acme);
      const { log, lines } = recordingLogger();
      const writer = new DeviceStateWriter(db(), log, 5);
      // A state the protocol never produces: the row's NOT NULL status is what PostgreSQL refuses.
      const refused = await writer.writeState({ ...device!, deviceStatus: null as unknown as string, lastSeenAt: new Date() }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ failure: { code: '23502', column: 'device_status' } });
      expect(lines.filter((l) => l.level === 'error').map((l) => l.args[0])).toEqual([{ devices: [device!.id], code: '23502', column: 'device_status' }]);
      await writer.close();
    });

    it("stores every other device's metrics when one device's rows fail", async () => {
      const { acme, globex } = await demoTenantIds(db());
      const [a, b] = await Promise.all([addDevice(db(), acme), addDevice(db(), globex)]);
      const writer = new DeviceStateWriter(db(), recordingLogger().log, 5);
      const at = new Date();
      const row = (ifname: string) => ({ at, ifname, rxBytes: 1, txBytes: 2, latencyMs: null, lossPct: null });
      const outcomes = await Promise.allSettled([
        writer.writeMetrics({ deviceId: a!.id, enrolment: 0, seq: 1, rows: [row('eth0'), row('eth1')] }),
        writer.writeMetrics({ deviceId: b!.id, enrolment: 0, seq: 1, rows: [row('eth\u00000')] }),
        // A device removed meanwhile: nothing of it is stored, and nothing fails.
        writer.writeMetrics({ deviceId: crypto.randomUUID(), enrolment: 0, seq: 1, rows: [row('eth0')] }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(outcomes[0]).toEqual({ status: 'fulfilled', value: true });
      expect(outcomes[2]).toEqual({ status: 'fulfilled', value: false });
      const stored = await db()
        .select()
        .from(deviceMetrics)
        .where(inArray(deviceMetrics.deviceId, [a!.id, b!.id]));
      expect(stored.map((m) => m.ifname).sort()).toEqual(['eth0', 'eth1']);
      // The refused batch left no key behind: sent again, fixed, it is stored.
      expect(await writer.writeMetrics({ deviceId: b!.id, enrolment: 0, seq: 1, rows: [row('eth0')] })).toBe(true);
      await writer.close();
    });

    it("never writes a device state older than the stored one (another connection's or instance's last flush)", async () => {
      const { acme } = await demoTenantIds(db());
      const device = (await addDevice(db(), acme))!;
      const writer = new DeviceStateWriter(db(), recordingLogger().log, 5);
      await writer.writeState({ ...device, os: 'newer', deviceStatus: 'running', lastSeq: 20 });
      await writer.writeState({ ...device, os: 'older', deviceStatus: 'error', lastSeq: 19 });
      expect(await deviceRow(device.id)).toMatchObject({ os: 'newer', deviceStatus: 'running', lastSeq: 20 });
      await writer.close();
    });

    it("writes nothing onto a device removed from the inventory meanwhile (its old connection's last flush)", async () => {
      const { acme } = await demoTenantIds(db());
      const device = (await addDevice(db(), acme, { claimed: false, approved: false }))!;
      const writer = new DeviceStateWriter(db(), recordingLogger().log, 5);
      await writer.writeState({ ...device, os: 'late', deviceStatus: 'running', lastSeq: 900 });
      expect(await deviceRow(device.id)).toMatchObject({ os: null, deviceStatus: 'registered', lastSeq: -1 });
      await writer.close();
    });
  });
});
