import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IOT_DEVIATION_RULE_ID,
  iotDeviceDetailSchema,
  iotDeviceListSchema,
  iotSegmentListSchema,
  iotDeviceSeriesSchema,
  iotForwardRuleSchema,
  iotSummarySchema,
  type NdrDetection,
  type NdrFlow,
} from '@netloom/domain';
import { build, login, testBackends } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';
import { liveDevice } from '../ztna-activity/test-fixtures';
import { IotProfiles } from './profiles';

const DAY_MS = 86_400_000;
const CAMERA_MAC = '3c:ef:8c:00:00:50'; // Dahua's block in the IEEE list
const CAMERA_IP = '192.168.1.50';
const NVR_IP = '192.168.1.10';

const report = (over: Record<string, unknown>) => {
  const at = new Date(Date.now() - 60_000).toISOString();
  return { ip: null, mdns: [], ssdp: [], server_ports: [], client_ports: [], first_seen: at, last_seen: at, ...over };
};

const flow = (gatewayId: string, time: number, over: Partial<NdrFlow>): NdrFlow => ({
  kind: 'flow',
  device_id: gatewayId,
  time: new Date(time).toISOString(),
  src_ip: CAMERA_IP,
  src_port: 40000,
  dst_ip: NVR_IP,
  dst_port: 554,
  protocol: 6,
  bytes_out: 1000,
  bytes_in: 1000,
  packets_out: 10,
  packets_in: 10,
  ...over,
});

describe.each(testBackends('pglite'))('IoT Gateway on %s', (backend) => {
  let w: ZtnaWorld;
  let gw: { agent: TestAgent; id: string };
  const tokens: Record<string, string> = {};

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown, who = 'owner@acme.test') => {
    const tenant = who.endsWith('@globex.test') ? w.globex.tenantId : w.acme.tenantId;
    tokens[who] ??= (await login(w.t.app, who)).access;
    return w.t.app.inject({
      method,
      url: `/api/v1/${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant}`,
      headers: { authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  const devices = async (query = '') => {
    const res = await call('GET', `iot/devices/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return iotDeviceListSchema.parse(res.json());
  };
  const send = async (message: Record<string, unknown>) => {
    gw.agent.send(message);
    return gw.agent.next('ack');
  };

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
    gw = await liveDevice(w, w.acme.key, { serial: 'SN-IOT-HQ', kind: 'gateway' });
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it('lists the devices a gateway reports, classified with their vendor; a resent batch is a duplicate', async () => {
    const batch = {
      type: 'iot_devices',
      devices: [
        report({ mac: '3C-EF-8C-00-00-50', ip: CAMERA_IP, hostname: 'IPC-lobby', server_ports: [{ protocol: 6, port: 554 }], mdns: ['_rtsp._tcp.local.'] }),
        report({ mac: '00:11:22:33:44:55', ip: '192.168.1.60', hostname: 'printer-2f', mdns: ['_ipp._tcp'], server_ports: [{ protocol: 6, port: 9100 }] }),
      ],
    };
    expect(await send(batch)).toMatchObject({ seq: gw.agent.seq, duplicate: false });
    gw.agent.sendRaw(JSON.stringify({ ...batch, seq: gw.agent.seq }));
    expect(await gw.agent.next('ack')).toMatchObject({ seq: gw.agent.seq, duplicate: true });

    const listed = await devices();
    expect(listed.count).toBe(2);
    const camera = listed.results.find((d) => d.mac === CAMERA_MAC)!;
    expect(camera).toMatchObject({ ip: CAMERA_IP, hostname: 'IPC-lobby', vendor: 'Zhejiang Dahua Technology Co., Ltd.', gateway: { id: gw.id } });
    expect(camera.classification).toMatchObject({ class: 'camera', source: 'signals' });
    expect(camera.classification.confidence).toBeGreaterThan(0.8);
    expect(camera.classification.reasons).toContain('Vendor Dahua');
    expect(camera.health.state).toBe('online');
    expect(listed.results.find((d) => d.mac === '00:11:22:33:44:55')!.classification.class).toBe('printer');
    expect((await devices('?search=lobby')).results.map((d) => d.mac)).toEqual([CAMERA_MAC]);
  });

  it("keeps an admin's correction across later reports, the evidence's verdict beside it", async () => {
    const printer = (await devices('?search=printer')).results[0]!;
    const corrected = await call('PATCH', `iot/devices/${printer.id}/`, { class: 'medical' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().classification).toMatchObject({ class: 'medical', confidence: 1, source: 'admin', corrected_by: 'owner@acme.test' });

    await send({ type: 'iot_devices', devices: [report({ mac: '00:11:22:33:44:55', ip: '192.168.1.61', server_ports: [{ protocol: 6, port: 631 }] })] });
    const after = (await devices('?class=medical')).results;
    expect(after.map((d) => d.id)).toEqual([printer.id]);
    expect(after[0]).toMatchObject({ ip: '192.168.1.61', hostname: 'printer-2f' });
    expect(after[0]!.classification).toMatchObject({ class: 'medical', source: 'admin', inferred: { class: 'printer' } });

    // Bad input changes nothing; another organisation's device is not found.
    expect((await call('PATCH', `iot/devices/${printer.id}/`, { class: 'toaster' })).statusCode).toBe(400);
    expect((await call('PATCH', `iot/devices/${printer.id}/`, { class: 'camera' }, 'owner@globex.test')).statusCode).toBe(404);
    expect((await call('GET', `iot/devices/${printer.id}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await devices('?class=medical')).results).toHaveLength(1);
  });

  it('turns the telemetry the forwarding rules match into series and last values, with the battery it reports', async () => {
    const bad = await call('POST', 'iot/forward-rules/', { filter: 'zigbee2mqtt/+', series: 'temperature', device_wildcard: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.device_wildcard).toEqual(["The filter has 1 '+' level"]);
    const rule = await call('POST', 'iot/forward-rules/', {
      filter: 'zigbee2mqtt/+',
      series: 'temperature',
      value_path: 'temperature',
      unit: '°C',
      device_wildcard: 1,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect((await call('DELETE', `iot/forward-rules/${rule.json().id}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);

    const now = Date.now();
    const at = (ago: number) => new Date(now - ago).toISOString();
    expect(
      await send({
        type: 'iot_telemetry',
        points: [
          { topic: 'zigbee2mqtt/kitchen', at: at(120_000), payload: { temperature: 21.5, battery: 15 } },
          { topic: 'zigbee2mqtt/kitchen', at: at(60_000), payload: { temperature: '22' } },
          // No rule forwards it: not kept.
          { topic: 'office/co2', at: at(60_000), value: 640 },
        ],
      }),
    ).toMatchObject({ duplicate: false });

    const kitchen = (await devices('?search=kitchen')).results;
    expect(kitchen).toHaveLength(1);
    expect(kitchen[0]).toMatchObject({ bus_id: 'kitchen', mac: null, classification: { class: 'sensor' } });
    expect(kitchen[0]!.last_values).toEqual([{ series: 'temperature', unit: '°C', value: 22, at: at(60_000) }]);
    expect(kitchen[0]!.health).toMatchObject({ state: 'online', battery_pct: 15, battery_low: true });
    expect((await devices('?health=battery_low')).results.map((d) => d.bus_id)).toEqual(['kitchen']);
    expect((await devices()).count).toBe(3);

    const series = await call('GET', `iot/series/?device_id=${kitchen[0]!.id}&series=temperature&start_time=${at(600_000)}&end_time=${at(0)}`);
    expect(series.statusCode, series.body).toBe(200);
    expect(iotDeviceSeriesSchema.parse(series.json()).points.map((p) => p.value)).toEqual([21.5, 22]);
    const backwards = await call('GET', `iot/series/?device_id=${kitchen[0]!.id}&series=temperature&start_time=${at(0)}&end_time=${at(600_000)}`);
    expect(backwards.statusCode).toBe(400);

    // An edit clears what it sets to null and keeps what it leaves out.
    const cleared = await call('PATCH', `iot/forward-rules/${rule.json().id}/`, { unit: null, device_wildcard: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(iotForwardRuleSchema.parse(cleared.json())).toMatchObject({ unit: null, device_wildcard: null, value_path: 'temperature', series: 'temperature' });
    const restored = await call('PATCH', `iot/forward-rules/${rule.json().id}/`, { unit: '°C', device_wildcard: 1 });
    expect(iotForwardRuleSchema.parse(restored.json())).toMatchObject({ unit: '°C', device_wildcard: 1 });
  });

  it('raises a deviation when a camera whose profile is its recorder and its vendor cloud starts talking to a new country', async () => {
    const raised: NdrDetection[] = [];
    let now = Date.now();
    const profiles = new IotProfiles(w.t.app.services.db, { record: async (_tenant, d) => void raised.push(...d) }, 7, () => now);
    const start = now;
    // Learning: the recorder pulls its stream, it reaches its maker's cloud in China.
    await profiles.observe(w.acme.tenantId, [
      flow(gw.id, start + 60_000, { src_ip: NVR_IP, dst_ip: CAMERA_IP, dst_port: 554 }),
      flow(gw.id, start + 120_000, { dst_ip: '47.91.1.1', dst_port: 443, dst_country: 'CN', application: 'www.easy4ipcloud.com' }),
    ]);
    expect(raised).toEqual([]);

    now = start + 8 * DAY_MS;
    const found = await profiles.observe(w.acme.tenantId, [
      flow(gw.id, now - 120_000, { dst_ip: '47.91.1.1', dst_port: 443, dst_country: 'CN', application: 'www.easy4ipcloud.com' }),
      flow(gw.id, now - 60_000, { dst_ip: '5.8.8.8', dst_port: 443, dst_country: 'RU' }),
    ]);
    expect(found).toHaveLength(1);
    expect(raised).toEqual(found);
    expect(found[0]).toMatchObject({ rule_id: IOT_DEVIATION_RULE_ID, host: { ip: CAMERA_IP, device_id: gw.id }, peer: '5.8.8.8', facts: { country: 'RU' } });

    const camera = (await devices(`?search=${CAMERA_MAC}`)).results[0]!;
    expect(camera.open_deviations).toBe(1);
    const detail = await call('GET', `iot/devices/${camera.id}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    const parsed = iotDeviceDetailSchema.parse(detail.json());
    expect(parsed.deviations).toMatchObject([{ kind: 'new_country', country: 'RU', peer: '5.8.8.8', severity: 'medium' }]);
    expect(parsed.profile).toMatchObject({ class: 'camera', devices: 1 });
    expect(parsed.profile!.entries.map((e) => `${e.direction} ${e.peer_kind} ${e.peer}`)).toEqual(
      expect.arrayContaining(['in host 192.168.1.10', 'out country CN', 'out domain easy4ipcloud.com']),
    );
  });

  it('counts the whole inventory for the overview, and lists by vendor, deviation or silence in the order asked', async () => {
    const res = await call('GET', 'iot/summary/');
    expect(res.statusCode, res.body).toBe(200);
    const summary = iotSummarySchema.parse(res.json());
    expect(summary).toMatchObject({ devices: 3, new_24h: 3, deviating: 1, deviations: 1, other_vendors: 0 });
    expect(summary.health).toEqual({ online: 3, stale: 0, offline: 0, battery_low: 1 });
    expect(summary.by_class).toEqual(
      expect.arrayContaining([
        { class: 'camera', devices: 1 },
        { class: 'medical', devices: 1 },
        { class: 'sensor', devices: 1 },
      ]),
    );
    // The kitchen sensor is known by its bus id only: no MAC, so no vendor.
    expect(summary.by_vendor).toEqual(
      expect.arrayContaining([
        { vendor: 'Zhejiang Dahua Technology Co., Ltd.', devices: 1 },
        { vendor: 'CIMSYS Inc', devices: 1 },
        { vendor: null, devices: 1 },
      ]),
    );
    expect(summary.gateways).toEqual([{ id: gw.id, name: expect.any(String), devices: 3, silent: 0, deviations: 1 }]);
    const globex = iotSummarySchema.parse((await call('GET', 'iot/summary/', undefined, 'owner@globex.test')).json());
    expect(globex.devices).toBe(0);

    expect((await devices('?vendor=Zhejiang%20Dahua%20Technology%20Co.%2C%20Ltd.')).results.map((d) => d.mac)).toEqual([CAMERA_MAC]);
    expect((await devices('?vendor=Zhejiang%20Dahua')).count).toBe(0);
    expect((await devices('?deviating=true')).results.map((d) => d.mac)).toEqual([CAMERA_MAC]);
    expect((await devices('?deviating=false')).count).toBe(2);
    expect((await devices('?sort=deviations')).results[0]!.mac).toBe(CAMERA_MAC);
    const newest = (await devices('?sort=first_seen')).results.map((d) => d.first_seen);
    expect(newest).toEqual([...newest].sort().reverse());
    expect((await devices('?health=silent')).count).toBe(0);
    expect((await call('GET', 'iot/devices/?sort=oldest')).statusCode).toBe(400);
  });

  it("fences a class to its profile on its gateway's firewall, and removing the segment takes out exactly what it added", async () => {
    const document = async () => {
      const res = await w.t.app.inject({
        method: 'GET',
        url: `/api/v1/device/config/${gw.id}/?tid=${w.acme.tenantId}`,
        headers: { authorization: `Bearer ${tokens['owner@acme.test']}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().document as { firewall?: { outbound: { name: string; action: string }[]; ipsets: { name: string; entries: string[] }[] } };
    };
    const before = (await document()).firewall;

    expect((await call('POST', 'iot/segments/', { class: 'camera', device_id: gw.id, mode: 'firewall' })).statusCode).toBe(400);
    const applied = await call('POST', 'iot/segments/', { class: 'camera', mode: 'firewall', deny: 'reject' });
    expect(applied.statusCode, applied.body).toBe(201);
    const [segment] = iotSegmentListSchema.parse(applied.json()).results;
    expect(segment).toMatchObject({
      key: 'camera',
      gateway: { id: gw.id },
      mode: 'firewall',
      members: [CAMERA_IP],
      target: { kind: 'class', class: 'camera' },
    });

    const fenced = (await document()).firewall!;
    expect(fenced.ipsets).toContainEqual(expect.objectContaining({ name: 'iot-segment-camera', entries: [CAMERA_IP] }));
    expect(fenced.outbound.slice(0, segment!.rules).every((r) => r.name.startsWith('IoT segment camera: '))).toBe(true);
    expect(fenced.outbound.slice(0, segment!.rules).at(-1)).toMatchObject({ action: 'reject' });
    const camera = (await devices(`?search=${CAMERA_MAC}`)).results[0]!;
    expect(iotDeviceDetailSchema.parse((await call('GET', `iot/devices/${camera.id}/`)).json()).segments).toEqual([
      { id: segment!.id, key: 'camera', mode: 'firewall' },
    ]);

    expect((await call('DELETE', `iot/segments/${segment!.id}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);
    expect((await call('DELETE', `iot/segments/${segment!.id}/`)).statusCode).toBe(204);
    const after = (await document()).firewall!;
    expect(after.ipsets).toEqual(before?.ipsets ?? []);
    expect(after.outbound).toEqual(before?.outbound ?? []);
    expect((await call('GET', 'iot/segments/')).json().results).toEqual([]);
  });

  it('closes an endpoint that sends a gateway’s IoT report', async () => {
    const laptop = await liveDevice(w, w.acme.key, { serial: 'SN-IOT-LAPTOP', kind: 'endpoint', user: 'ann@acme.test' });
    laptop.agent.send({ type: 'iot_devices', devices: [report({ mac: '00:11:22:33:44:66' })] });
    expect(await laptop.agent.closed).toMatchObject({ code: 4400, reason: expect.stringMatching(/iot_devices is a gateway message/) });
  });
});
