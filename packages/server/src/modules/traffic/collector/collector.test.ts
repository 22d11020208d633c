import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, flowExporterSchema, trafficAnswerSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../../test/build';
import { enrolmentKey } from '../../../test/agent-client';
import { ipfixDatagram, v9Datagram, type TestFlow } from './test-datagrams';

/** A datagram from a loopback address of the test's choosing (Linux answers all of 127/8 on lo). */
async function sendFrom(from: string, to: { address: string; port: number }, datagram: Buffer): Promise<void> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, from, resolve));
  await new Promise<void>((resolve, reject) => socket.send(datagram, to.port, to.address, (err) => (err ? reject(err) : resolve())));
  socket.close();
}

const flow = (over: Partial<TestFlow> = {}): TestFlow => ({
  src: '10.20.0.5',
  dst: '93.184.216.34',
  srcPort: 50_000,
  dstPort: 443,
  protocol: 6,
  bytes: 40_000,
  packets: 30,
  start: Date.now() - 30_000,
  end: Date.now() - 1_000,
  ...over,
});

describe.each(testBackends('pglite'))('the NetFlow v9 / IPFIX collector on %s', (backend) => {
  let t: TestApp;
  let collector: { address: string; port: number };
  const tokens: Record<string, string> = {};
  let acmeTenant: string;
  let router: string;
  let otherRouter: string;
  let globexDevice: string;

  const claim = async (who: string, serial: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device/claim/',
      headers: bearer(tokens[who]!),
      payload: { serial, name: serial, kind: 'gateway' },
    });
    expect(res.statusCode).toBe(201);
    return String(res.json().id);
  };
  const setAddress = (who: string, device: string, address: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/netflow/exporter/${device}/`, headers: bearer(tokens[who]!), payload: { address } });
  const deviceTalkers = async (device: string) =>
    trafficAnswerSchema.parse(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/sdwan/netflow/device/${device}/top-talkers/`,
          headers: bearer(tokens['viewer@acme.test']!),
          payload: { tenant_id: acmeTenant, timeduration: 60 },
        })
      ).json(),
    );
  const metric = async (name: string) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1]);
  };

  beforeAll(async () => {
    t = await build(backend, (c) => ({ ...c, flowCollector: { host: '127.0.0.1', port: 0 } }));
    collector = t.app.flowCollector!.address!;
    for (const who of ['admin@acme.test', 'viewer@acme.test', 'editor@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
    acmeTenant = (await enrolmentKey(t.app, 'Acme')).tenantId;
    router = await claim('admin@acme.test', 'NF-ROUTER-1');
    otherRouter = await claim('admin@acme.test', 'NF-ROUTER-2');
    globexDevice = await claim('owner@globex.test', 'NF-GLOBEX-1');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the exporter address setting', () => {
    it('is none at first, set by an editor, read by a viewer, and kept in canonical form', async () => {
      const read = () => t.app.inject({ method: 'GET', url: `/api/v1/netflow/exporter/${otherRouter}/`, headers: bearer(tokens['viewer@acme.test']!) });
      expect(flowExporterSchema.parse((await read()).json())).toEqual({ address: null });
      const set = await setAddress('editor@acme.test', otherRouter, '2001:DB8:0:0::7');
      expect(set.statusCode).toBe(200);
      expect(flowExporterSchema.parse((await read()).json())).toEqual({ address: '2001:db8::7' });
      expect((await setAddress('editor@acme.test', otherRouter, null)).json()).toEqual({ address: null });
      expect(flowExporterSchema.parse((await read()).json())).toEqual({ address: null });
    });

    it('refuses what is not an address, a viewer, and another tenant’s device, changing nothing', async () => {
      const bad = await setAddress('admin@acme.test', otherRouter, '10.0.0.300');
      expect(bad.statusCode).toBe(400);
      expect(apiErrorSchema.parse(bad.json()).errors?.address?.[0]).toMatch(/IPv4 or IPv6/);
      expect((await setAddress('viewer@acme.test', otherRouter, '10.0.0.3')).statusCode).toBe(403);
      expect((await setAddress('admin@acme.test', globexDevice, '10.0.0.3')).statusCode).toBe(404);
      const read = await t.app.inject({ method: 'GET', url: `/api/v1/netflow/exporter/${globexDevice}/`, headers: bearer(tokens['admin@acme.test']!) });
      expect(read.statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/netflow/exporter/${otherRouter}/`, headers: bearer(tokens['viewer@acme.test']!) })).json(),
      ).toEqual({
        address: null,
      });
    });

    it('gives one address to one device across all tenants: a clash is a conflict naming the field', async () => {
      expect((await setAddress('owner@globex.test', globexDevice, '10.99.0.1')).statusCode).toBe(200);
      const clash = await setAddress('admin@acme.test', otherRouter, '10.99.0.1');
      expect(clash.statusCode).toBe(409);
      const body = apiErrorSchema.parse(clash.json());
      expect(body.code).toBe('conflict');
      expect(body.errors?.address?.[0]).toMatch(/Another device already receives/);
      // The IPv4-mapped form is the same sender.
      expect((await setAddress('admin@acme.test', otherRouter, '::ffff:10.99.0.1')).statusCode).toBe(409);
    });

    it('lets another device take the address of a device removed from its inventory', async () => {
      const leaving = await claim('owner@globex.test', 'NF-GLOBEX-LEAVING');
      expect((await setAddress('owner@globex.test', leaving, '10.99.0.2')).statusCode).toBe(200);
      expect((await setAddress('admin@acme.test', otherRouter, '10.99.0.2')).statusCode).toBe(409);
      const removed = await t.app.inject({
        method: 'POST',
        url: `/api/v1/device/${leaving}/unclaim/`,
        headers: bearer(tokens['owner@globex.test']!),
        payload: {},
      });
      expect(removed.statusCode).toBe(200);
      expect((await setAddress('admin@acme.test', otherRouter, '10.99.0.2')).json()).toEqual({ address: '10.99.0.2' });
      expect((await setAddress('admin@acme.test', otherRouter, null)).statusCode).toBe(200);
    });
  });

  describe('datagrams', () => {
    beforeAll(async () => {
      expect((await setAddress('admin@acme.test', router, '127.0.0.1')).json()).toEqual({ address: '127.0.0.1' });
    });

    it('NetFlow v9: the template, then data in it, shows in the device’s top talkers', async () => {
      await sendFrom(
        '127.0.0.1',
        collector,
        v9Datagram([flow({ src: '10.20.0.5', bytes: 40_000 }), flow({ src: '10.20.0.6', bytes: 10_000, dstPort: 53, protocol: 17 })]),
      );
      await expect
        .poll(async () => (await deviceTalkers(router)).results.map((r) => [r.address, r.value]), { timeout: 10_000 })
        .toEqual([
          ['10.20.0.5', 40_000],
          ['10.20.0.6', 10_000],
        ]);
    });

    it('IPFIX from the same router adds to the same device; data sent before its template is counted and dropped', async () => {
      const before = await metric('netloom_flow_collector_sets_without_template_total');
      await sendFrom('127.0.0.1', collector, ipfixDatagram([flow({ src: '10.20.0.7' })], { templateId: 300, withTemplate: false }));
      await expect.poll(() => metric('netloom_flow_collector_sets_without_template_total')).toBe(before + 1);
      await sendFrom('127.0.0.1', collector, ipfixDatagram([flow({ src: '10.20.0.7', bytes: 25_000 })], { templateId: 300 }));
      await expect
        .poll(async () => (await deviceTalkers(router)).results.map((r) => r.address), { timeout: 10_000 })
        .toEqual(['10.20.0.5', '10.20.0.7', '10.20.0.6']);
    });

    it('refuses an exporter nobody set, and counts it', async () => {
      const refused = await metric('netloom_flow_collector_datagrams_refused_total');
      await sendFrom('127.0.0.2', collector, v9Datagram([flow({ src: '10.20.0.66', bytes: 9_999_999 })]));
      await expect.poll(() => metric('netloom_flow_collector_datagrams_refused_total')).toBe(refused + 1);
      expect((await deviceTalkers(router)).results.map((r) => r.address)).not.toContain('10.20.0.66');
    });

    it('drops a malformed datagram and goes on with the next', async () => {
      const malformed = await metric('netloom_flow_collector_datagrams_malformed_total');
      const cut = v9Datagram([flow({ src: '10.20.0.8' })]).subarray(0, 30);
      await sendFrom('127.0.0.1', collector, Buffer.concat([cut.subarray(0, 24), Buffer.from([0xff, 0xff])]));
      await sendFrom('127.0.0.1', collector, Buffer.from('not a flow export at all'));
      await expect.poll(() => metric('netloom_flow_collector_datagrams_malformed_total')).toBe(malformed + 2);
      await sendFrom('127.0.0.1', collector, v9Datagram([flow({ src: '10.20.0.8', bytes: 5_000 })]));
      await expect.poll(async () => (await deviceTalkers(router)).results.map((r) => r.address), { timeout: 10_000 }).toContain('10.20.0.8');
    });

    it('stops counting a router once its address is cleared', async () => {
      expect((await setAddress('admin@acme.test', router, null)).statusCode).toBe(200);
      const refused = await metric('netloom_flow_collector_datagrams_refused_total');
      await expect
        .poll(async () => {
          await sendFrom('127.0.0.1', collector, v9Datagram([flow({ src: '10.20.0.9' })]));
          return metric('netloom_flow_collector_datagrams_refused_total');
        })
        .toBeGreaterThan(refused);
    });
  });
});
