import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocketServer } from 'ws';
import { configDocumentSchema, connectorHealthMessageSchema, flowsMessageSchema, helloSchema, nacHostsMessageSchema } from '@netloom/domain';
import { SimulatedDevice } from './device';
import { fakeAgentServer, waitFor, type FakeConnection } from './fake-agent-server';
import { GatewayBehaviour } from './gateway-behaviour';
import { mulberry32 } from './prng';
import { gatewayProfile } from './profiles';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const STEADY = { linkDownChance: 0, linkDownTicks: [1, 1] as [number, number], outageChance: 0, outageTicks: [1, 1] as [number, number] };

/** An office: one LAN with a DHCP pool and a printer on a fixed lease. */
const office = configDocumentSchema.parse({
  interfaces: { lan: [{ name: 'lan1', ip: '10.20.0.1', prefix: 24 }], vlans: [], wan: [{ name: 'wan1', mode: 'dhcp' }] },
  services: {
    dhcp: [{ id: id(2), interface: 'lan1', start: '10.20.0.100', end: '10.20.0.199' }],
    static_leases: [{ id: id(4), name: 'printer', mac: 'AA:BB:CC:DD:EE:01', ip: '10.20.0.100' }],
  },
});
const servers = [
  { id: id(1), name: 'Git', address: '10.0.1.10', private_name: 'git.corp.internal', ports: [{ protocol: 'tcp', ports: ['22', '443'] }], site: 'HQ' },
  { id: id(5), name: 'Wiki', address: 'wiki.corp.internal', ports: [{ protocol: 'tcp', ports: ['443'] }], site: 'HQ' },
];

describe('a simulated gateway on the zero-trust side', () => {
  let server: WebSocketServer;
  let device: SimulatedDevice | undefined;
  afterEach(async () => {
    await device?.stop();
    device = undefined;
    await new Promise((r) => server.close(r));
  });

  async function live(opts: { appConnector?: boolean; activeSessions?: number }) {
    const fake = await fakeAgentServer(() => 'ack', { credentials: true });
    server = fake.server;
    device = new SimulatedDevice({
      url: fake.url,
      enrolmentKey: 'simulated-enrolment-key',
      behaviour: new GatewayBehaviour(gatewayProfile(mulberry32(3), 0), mulberry32(1), STEADY, null, undefined, { appConnector: opts.appConnector }),
      random: mulberry32(3),
      flowIntervalS: 0.3,
      urlIntervalS: 0,
      connectorIntervalS: 0.2,
      nacIntervalS: 0.2,
      activeSessionsThrough: (connectorId) => (connectorId === device?.deviceId ? (opts.activeSessions ?? 0) : 0),
    });
    device.start();
    await waitFor('live', () => fake.connections[0]?.received.some((r) => r.message.type === 'heartbeat') ?? false);
    const connection: FakeConnection = fake.connections[0]!;
    /** When the push was sent and when it was answered (applied in between). */
    const push = async (document: object) => {
      const jobId = crypto.randomUUID();
      const sentAt = Date.now();
      connection.send({ type: 'job', job_id: jobId, kind: 'apply_config', payload: { document } });
      await waitFor('the job answered', () => connection.received.some((r) => r.message.type === 'job_result' && r.message.job_id === jobId));
      return { sentAt, answeredAt: Date.now() };
    };
    /** The messages of a type as sent (their own `at` kept), each parsed by its schema, with when it arrived. */
    const sent = <T>(type: string, schema: { parse: (v: unknown) => T }) =>
      connection.received.filter((r) => r.message.type === type).map((r) => ({ arrived: r.at, ...schema.parse(r.message) }));
    return { connection, push, sent };
  }

  it('as an app connector says so in its hello and, once its site is named, reports the health of every server it publishes', async () => {
    const { connection, push, sent } = await live({ appConnector: true, activeSessions: 4 });
    expect(helloSchema.parse(connection.messages('hello')[0]).identity.device_type).toBe('app-connector');
    // Not told its site yet: nothing to report.
    await new Promise((r) => setTimeout(r, 500));
    expect(connection.messages('connector_health')).toEqual([]);

    const { sentAt } = await push({ ...office, ztna_connector: { site: 'HQ', servers } });
    await waitFor('health reports', () => connection.messages('connector_health').length >= 12);
    const reports = sent('connector_health', connectorHealthMessageSchema);
    expect(reports.every((r) => Date.parse(r.at) >= sentAt && r.active_sessions === 4)).toBe(true);
    expect(reports.every((r) => r.servers.map((s) => s.server_id).join() === `${id(1)},${id(5)}`)).toBe(true);
    const probes = reports.flatMap((r) => r.servers);
    // Mostly reachable, with a latency; an unreachable probe has none.
    expect(probes.filter((p) => p.reachable).length / probes.length).toBeGreaterThan(0.8);
    expect(probes.every((p) => (p.reachable ? p.latency_ms! > 0 : p.latency_ms === null))).toBe(true);
  });

  it('is no app connector unless made one: no device type, no health', async () => {
    const { connection, push } = await live({});
    expect(helloSchema.parse(connection.messages('hello')[0]).identity.device_type).toBeUndefined();
    await push({ ...office, ztna_connector: { site: 'HQ', servers } });
    await new Promise((r) => setTimeout(r, 600));
    expect(connection.messages('connector_health')).toEqual([]);
  });

  it('reports the hosts on its LANs and enforces its NAC section: a blocked host is reported blocked and no longer in its flows, a quarantined one quarantined', async () => {
    const { push, sent } = await live({});
    await push(office);
    const latest = () => sent('nac_hosts', nacHostsMessageSchema).at(-1);
    await waitFor('hosts of the office', () => (latest()?.hosts.length ?? 0) > 3 && latest()!.hosts.some((h) => h.ip === '10.20.0.100'));
    const hosts = latest()!.hosts;
    expect(new Set(hosts.map((h) => h.mac)).size).toBe(hosts.length);
    expect(hosts.find((h) => h.ip === '10.20.0.100')).toMatchObject({ mac: 'aa:bb:cc:dd:ee:01', hostname: 'printer', interface: 'lan1', state: 'allowed' });
    expect(hosts.every((h) => h.state === 'allowed' && h.ip.startsWith('10.20.0.'))).toBe(true);
    expect(hosts.some((h) => h.vendor !== null && h.os !== null)).toBe(true);

    const blocked = hosts.find((h) => h.hostname !== 'printer')!;
    const { answeredAt: pushedAt } = await push({
      ...office,
      nac: {
        hosts: [
          { mac: blocked.mac, decision: 'block' },
          { mac: 'aa:bb:cc:dd:ee:01', decision: 'quarantine' },
        ],
      },
    });
    await waitFor('a report after the push', () => (latest()?.arrived ?? 0) > pushedAt);
    const after = latest()!.hosts;
    expect(after.find((h) => h.mac === blocked.mac)?.state).toBe('blocked');
    expect(after.find((h) => h.mac === 'aa:bb:cc:dd:ee:01')?.state).toBe('quarantined');
    expect(after.filter((h) => h.state !== 'allowed').length).toBe(2);

    // Its flows from then on come from the other hosts only.
    const flows = () => sent('flows', flowsMessageSchema).filter((m) => m.arrived > pushedAt + 400);
    await waitFor('flows after the push', () => flows().length >= 2);
    const sources = flows().flatMap((m) => m.records.map((r) => r.src_ip));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources).not.toContain(blocked.ip);
    expect(sources).not.toContain('10.20.0.100');
  });
});
