import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iotDeviceListSchema, ndrDetectionListSchema, ndrHostTimelineSchema } from '@netloom/domain';
import { bearer, build, login, type TestApp } from '../../server/src/test/build';
import { enrolmentKey } from '../../server/src/test/agent-client';
import { ndrScenario, startFleet, type Fleet } from './fleet';
import { GatewayBehaviour } from './gateway-behaviour';

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * NDR and the IoT Gateway from a simulated IoT site against the real server: the gateway reports
 * its LAN's devices and bridges its sensors' MQTT readings, its resolver's log reaches the host
 * timelines, and a host made to scan its neighbour raises the port-scan detection through the
 * ingest and the engine, as a real gateway's flows would.
 */
describe('NDR and IoT evidence from a simulated IoT site against the real server', () => {
  let t: TestApp;
  let fleet: Fleet | null = null;
  let tenantId = '';
  let token = '';

  beforeAll(async () => {
    t = await build('pglite', (c) => ({ ...c, fleet: { ...c.fleet, heartbeatIntervalSeconds: 1 } }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const key = await enrolmentKey(t.app, 'Acme');
    tenantId = key.tenantId;
    token = (await login(t.app, 'owner@acme.test')).access;
    // The sensors' temperatures are a series of the tenant's: an admin's forwarding rule says which topics.
    const rule = await t.app.inject({
      method: 'POST',
      url: `/api/v1/iot/forward-rules/?tenant_id=${tenantId}`,
      headers: bearer(token),
      payload: { filter: 'shellies/+/sensor/temperature', series: 'temperature', unit: '°C', device_wildcard: 1 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    fleet = startFleet({
      url: `ws://127.0.0.1:${port}/agent/v1`,
      tenants: [{ enrolmentKey: key.key, gateways: 1, endpoints: 0, iotSites: 1, emailDomain: 'acme.test' }],
      seed: 5,
      staggerMs: 50,
      sessions: false,
      backoff: { baseMs: 100, maxMs: 1000 },
      flowIntervalS: 1,
      urlIntervalS: 0,
      ztnaIntervalS: 0,
      connectorIntervalS: 0,
      nacIntervalS: 0,
      dnsIntervalS: 1,
      idsIntervalS: 0,
      iotDevicesIntervalS: 1,
      iotTelemetryIntervalS: 1,
    });
  });
  afterAll(async () => {
    await fleet?.stop();
    await t?.close();
  });

  const get = async (path: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenantId}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };

  it("lists the site's devices with their vendors and classes, and the sensors' bridged readings", async () => {
    const devices = await waitFor('IoT devices with readings', async () => {
      const list = iotDeviceListSchema.parse(await get('iot/devices/?page_size=500'));
      return list.results.some((d) => d.last_values.length > 0) && list.results;
    });
    expect(devices.length).toBeGreaterThanOrEqual(5);
    expect(devices.filter((d) => d.vendor !== null).length).toBeGreaterThanOrEqual(devices.length / 2);
    expect(devices.map((d) => d.classification.class)).toContain('camera');
    const sensor = devices.find((d) => d.last_values.length > 0)!;
    expect(sensor.health.state).toBe('online');
    expect(sensor.last_values[0]).toMatchObject({ series: 'temperature', unit: '°C' });
    expect(sensor.last_values[0]!.value).toBeGreaterThan(10);
    expect(sensor.last_values[0]!.value).toBeLessThan(35);
  });

  it("raises a port scan from a host made to scan, with the resolver's queries on its timeline", async () => {
    const gateway = fleet!.devices.find((d) => d.behaviour instanceof GatewayBehaviour)!;
    const started = ndrScenario(fleet!.devices, gateway.serial, 'port-scan');
    const scanner = /from (\d+\.\d+\.\d+\.\d+)/.exec(started)?.[1];
    expect(scanner, started).toBeDefined();
    const scan = await waitFor('the port-scan detection', async () => {
      const list = ndrDetectionListSchema.parse(await get('ndr/detections/?page_size=100'));
      return list.results.find((d) => d.rule_id === 'ndr.port_scan');
    });
    expect(scan.host.ip).toBe(scanner);
    expect(scan.tactics).toContain('TA0007');
    ndrScenario(fleet!.devices, gateway.serial, 'stop');

    // The scanner also browses: its resolver's questions are on its timeline beside the detection.
    const timeline = await waitFor('DNS queries on the timeline', async () => {
      const story = ndrHostTimelineSchema.parse(await get(`ndr/hosts/timeline/?host_ip=${scanner}&device_id=${scan.host.device_id}`));
      return story.dns.length > 0 && story;
    });
    expect(timeline.detections.map((d) => d.id)).toContain(scan.id);
    expect(timeline.dns[0]!.name.length).toBeGreaterThan(0);
  });
});
