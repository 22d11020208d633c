import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ndrActionSchema,
  ndrDetectionDetailSchema,
  ndrDetectionListSchema,
  ndrHostTimelineSchema,
  ndrHostsSchema,
  ndrOverviewSchema,
  ndrRulesSchema,
  type FlowRecord,
} from '@netloom/domain';
import { build, testBackends } from '../../test/build';
import type { TestAgent } from '../../test/agent-client';
import { ztnaWorld, type ZtnaWorld } from '../ztna/test-fixtures';
import { liveDevice } from '../ztna-activity/test-fixtures';

/** A LAN connection as a gateway exports it, ending at `at`. */
const flowRecord = (over: Partial<FlowRecord>, at: Date): FlowRecord => ({
  start: new Date(at.getTime() - 30_000).toISOString(),
  end: at.toISOString(),
  src_ip: '192.168.1.20',
  src_port: 51234,
  dst_ip: '3.208.10.10',
  dst_port: 443,
  protocol: 6,
  src_bytes: 1_000,
  src_packets: 10,
  dst_bytes: 9_000,
  dst_packets: 12,
  in_ifname: 'br-lan',
  out_ifname: 'eth0',
  wan: 'WAN1',
  dscp: 0,
  ...over,
});

const SCANNER = '192.168.1.66';
const TARGET = '192.168.1.10';
const INFECTED = '192.168.1.77';

/** A scanner's sweep over a LAN server's ports, in one batch as a gateway would export it. */
const scanFlows = (at: Date): FlowRecord[] =>
  Array.from({ length: 40 }, (_, i) =>
    flowRecord({ src_ip: SCANNER, dst_ip: TARGET, src_port: 40_000 + i, dst_port: 1000 + i, src_bytes: 60, dst_bytes: 40, out_ifname: 'br-lan' }, at),
  );

describe.each(testBackends('pglite'))('NDR on %s', (backend) => {
  let w: ZtnaWorld;
  let gw: { agent: TestAgent; id: string };

  const detections = async (query = '', who = 'owner@acme.test') => {
    const res = await w.call('GET', `ndr/detections/?page_size=100${query}`, undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    return ndrDetectionListSchema.parse(res.json()).results;
  };
  /** The engine steps the ingest's evidence in the background: a user sees a detection once it is stored. */
  const eventually = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
    for (let i = 0; i < 100; i++) {
      const got = await read();
      if (got !== undefined) return got;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('never came');
  };
  const send = async (message: Record<string, unknown>) => {
    gw.agent.send(message);
    return gw.agent.next('ack');
  };

  beforeAll(async () => {
    w = await ztnaWorld(await build(backend));
    gw = await liveDevice(w, w.acme.key, { serial: 'SN-NDR-HQ', kind: 'gateway' });
  });
  afterAll(async () => {
    for (const a of w.agents) a.ws.terminate();
    await w.t.close();
  });

  it("detects a port scan from the gateway's flows, explains it with ATT&CK and its evidence, and keeps it from another tenant", async () => {
    expect(await send({ type: 'flows', records: scanFlows(new Date()) })).toMatchObject({ duplicate: false });
    const scan = await eventually(async () => (await detections()).find((d) => d.rule_id === 'ndr.port_scan'));
    expect(scan).toMatchObject({ host: { ip: SCANNER, device_id: gw.id }, peer: TARGET, status: 'new', device_name: 'sn-ndr-hq' });
    expect(scan.tactics).toContain('TA0007'); // Discovery
    expect(scan.summary).toContain('40 distinct ports');

    const detail = await w.call('GET', `ndr/detections/${scan.id}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = ndrDetectionDetailSchema.parse(detail.json());
    expect(d.rule.explanation).toMatch(/distinct ports of one peer/);
    expect(d.records.flows.length).toBeGreaterThanOrEqual(20);
    expect(d.records.flows.every((f) => f.src_ip === SCANNER && f.dst_ip === TARGET)).toBe(true);

    // Another tenant neither lists it nor opens it.
    expect(await detections('', 'owner@globex.test')).toEqual([]);
    expect((await w.call('GET', `ndr/detections/${scan.id}/`, undefined, 'owner@globex.test')).statusCode).toBe(404);

    const overview = ndrOverviewSchema.parse((await w.call('GET', 'ndr/overview/')).json());
    expect(overview.by_severity[scan.severity]).toBeGreaterThanOrEqual(1);
    const hosts = ndrHostsSchema.parse((await w.call('GET', 'ndr/hosts/')).json());
    expect(hosts.results[0]).toMatchObject({ ip: SCANNER, device_id: gw.id });
    expect(hosts.results[0]!.score).toBeGreaterThan(0);

    const timeline = await w.call('GET', `ndr/hosts/timeline/?host_ip=${SCANNER}&device_id=${gw.id}`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    const story = ndrHostTimelineSchema.parse(timeline.json());
    expect(story.detections.map((x) => x.id)).toContain(scan.id);
    expect(story.flows.length).toBeGreaterThanOrEqual(20);
  });

  it('promotes an IDS alert of Suricata severity 1 to a high detection and stores each batch once', async () => {
    const batch = {
      type: 'ids_alerts',
      alerts: [
        {
          at: new Date().toISOString(),
          sid: 2_024_897,
          category: 'botnet-cnc',
          severity: 1,
          src: INFECTED,
          dst: '185.220.101.4',
          src_port: 50_100,
          dst_port: 443,
          message: 'ET MALWARE Known CnC check-in',
          action: 'alerted',
        },
      ],
    };
    const ack = await send(batch);
    expect(ack).toMatchObject({ duplicate: false });
    gw.agent.sendRaw(JSON.stringify({ ...batch, seq: ack.seq }));
    expect(await gw.agent.next('ack')).toMatchObject({ duplicate: true });
    const alert = await eventually(async () => (await detections()).find((d) => d.rule_id === 'ndr.ids_alert'));
    expect(alert).toMatchObject({ host: { ip: INFECTED }, severity: 'high', occurrences: 1 });
  });

  it('triages: a viewer cannot, an acknowledgement keeps its note, and a false positive silences the rule for the host', async () => {
    const scan = (await detections()).find((d) => d.rule_id === 'ndr.port_scan')!;
    expect((await w.call('PATCH', `ndr/detections/${scan.id}/`, { status: 'acknowledged' }, 'viewer@acme.test')).statusCode).toBe(403);
    const bad = await w.call('PATCH', `ndr/detections/${scan.id}/`, { note: 'nothing to change' });
    expect(bad.statusCode).toBe(400);

    const ack = await w.call('PATCH', `ndr/detections/${scan.id}/`, { status: 'acknowledged', note: 'the IT team runs nmap' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ status: 'acknowledged', note: 'the IT team runs nmap', updated_by: 'owner@acme.test' });

    const fp = await w.call('PATCH', `ndr/detections/${scan.id}/`, { status: 'false_positive', scope: 'host', note: 'vulnerability scanner' });
    expect(fp.statusCode, fp.body).toBe(200);
    const rules = ndrRulesSchema.parse((await w.call('GET', 'ndr/rules/')).json()).results;
    const portScan = rules.find((r) => r.id === 'ndr.port_scan')!;
    expect(portScan.suppressions).toEqual([expect.objectContaining({ host_ip: SCANNER, peer: null })]);

    // The scanner scans again: silenced, the detection stays a false positive.
    expect(await send({ type: 'flows', records: scanFlows(new Date(Date.now() + 1000)) })).toMatchObject({ duplicate: false });
    await new Promise((r) => setTimeout(r, 500));
    const after = (await detections()).filter((d) => d.rule_id === 'ndr.port_scan');
    expect(after).toEqual([expect.objectContaining({ id: scan.id, status: 'false_positive' })]);
  });

  it('tunes a rule: parameters outside its range are refused and change nothing, a disabled rule says so', async () => {
    const bad = await w.call('PATCH', 'ndr/rules/ndr.port_scan/', { params: { min_ports: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('params.min_ports');
    expect((await w.call('PATCH', 'ndr/rules/ndr.nothing/', { enabled: false })).statusCode).toBe(400);
    const off = await w.call('PATCH', 'ndr/rules/ndr.beaconing/', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: 'ndr.beaconing', enabled: false });
    const rules = ndrRulesSchema.parse((await w.call('GET', 'ndr/rules/')).json()).results;
    expect(rules.find((r) => r.id === 'ndr.port_scan')).toMatchObject({ enabled: true });
    expect(rules.find((r) => r.id === 'ndr.beaconing')).toMatchObject({ enabled: false });
  });

  it("quarantines a host by the gateway's firewall and undoes it, each step a configuration revision", async () => {
    const alert = (await detections()).find((d) => d.rule_id === 'ndr.ids_alert')!;
    const taken = await w.call('POST', 'ndr/actions/', {
      kind: 'quarantine_host',
      device_id: gw.id,
      host_ip: INFECTED,
      method: 'firewall',
      detection_id: alert.id,
      note: 'CnC check-in',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const action = ndrActionSchema.parse(taken.json());
    expect(action).toMatchObject({ target: INFECTED, target_type: 'host', active: true, created_by: 'owner@acme.test' });
    expect(action.revision_id).not.toBeNull();
    const documentOf = async () => JSON.stringify((await w.call('GET', `device/config/${gw.id}/`)).json().document);
    expect(await documentOf()).toContain(INFECTED);

    const detail = ndrDetectionDetailSchema.parse((await w.call('GET', `ndr/detections/${alert.id}/`)).json());
    expect(detail.actions.map((a) => a.id)).toEqual([action.id]);

    const undone = await w.call('POST', `ndr/actions/${action.id}/undo/`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ active: false, undone_by: 'owner@acme.test' });
    expect(await documentOf()).not.toContain(INFECTED);
    // Another tenant cannot act on the gateway.
    const foreign = await w.call(
      'POST',
      'ndr/actions/',
      { kind: 'quarantine_host', device_id: gw.id, host_ip: INFECTED, method: 'firewall' },
      'owner@globex.test',
    );
    expect([403, 404]).toContain(foreign.statusCode);
  });
});
