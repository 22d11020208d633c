import type { FastifyInstance } from 'fastify';
import { TestAgent } from '../../test/agent-client';

/**
 * The victim's devices that enrolled and reported through the agent protocol, with canaries in
 * everything they report: an endpoint (heartbeat, metrics, zero-trust sessions) and a gateway
 * (flow records, hosts on its LAN). Each step is its own function: the victim's builder puts its
 * own objects between them, in the order the server needs.
 */

type Canary = (what: string) => string;
type Approve = (deviceId: string) => Promise<unknown>;

export interface Enrolled {
  agent: TestAgent;
  deviceId: string;
  approved: boolean;
}

async function enrol(app: FastifyInstance, hello: Record<string, unknown>): Promise<Enrolled> {
  const agent = await TestAgent.connect(app);
  agent.send({ type: 'hello', protocol: 1, ...hello });
  const welcome = (await agent.next('welcome')) as { device_id: string; state: string };
  return { agent, deviceId: welcome.device_id, approved: welcome.state === 'approved' };
}

export const enrolEndpoint = (app: FastifyInstance, enrolmentKey: string, canary: Canary) =>
  enrol(app, {
    auth: { kind: 'enrol', enrolment_key: enrolmentKey },
    identity: { serial: canary('aserial'), name: canary('agent'), kind: 'endpoint', user: `${canary('dev')}@globex.test` },
    model: canary('model'),
    os: canary('os'),
    version: canary('ver').slice(0, 32),
  });

/** Approved, the endpoint reports its WAN, place and interface counters. */
export async function endpointReports({ agent, deviceId, approved }: Enrolled, approve: Approve, canary: Canary): Promise<void> {
  if (!approved) await approve(deviceId);
  agent.send({
    type: 'heartbeat',
    status: 'running',
    wan: [{ name: canary('wan').slice(0, 32), status: 'up', ifname: canary('if').slice(0, 32), weight: 1 }],
    public_ip: '203.0.113.77',
    location: { name: canary('place'), lat: 10, lng: 10 },
  });
  await agent.next('ack');
  agent.send({
    type: 'metrics',
    at: new Date().toISOString(),
    interfaces: [{ ifname: canary('mif').slice(0, 32), rx_bytes: 1, tx_bytes: 1 }],
    pings: [{ ifname: canary('pif').slice(0, 32), latency_ms: 1, loss_pct: 0 }],
  });
  await agent.next('ack');
}

/**
 * A gateway that exported flow records, with canaries in the site, application, WAN and user the
 * traffic charts and the drill-down show, and a host on its LAN with canaries in what the NAC list shows.
 */
export async function gatewayExports(app: FastifyInstance, enrolmentKey: string, approve: Approve, canary: Canary): Promise<Enrolled> {
  const gateway = await enrol(app, {
    auth: { kind: 'enrol', enrolment_key: enrolmentKey },
    identity: { serial: canary('gserial'), name: canary('gateway'), kind: 'gateway' },
    model: 'NL-100',
    os: 'NetloomOS',
    version: '1.0.0',
  });
  if (!gateway.approved) await approve(gateway.deviceId);
  const now = Date.now();
  gateway.agent.send({
    type: 'flows',
    records: [
      {
        start: new Date(now - 30_000).toISOString(),
        end: new Date(now).toISOString(),
        src_ip: '10.66.0.2',
        src_port: 50000,
        dst_ip: '3.208.1.1',
        dst_port: 443,
        protocol: 6,
        src_bytes: 1,
        src_packets: 1,
        dst_bytes: 1,
        dst_packets: 1,
        in_ifname: 'tun0',
        out_ifname: 'eth0',
        wan: canary('fwan').slice(0, 64),
        dscp: 0,
        application: `${canary('site')}.example`,
        user: `${canary('fuser')}@globex.test`,
      },
    ],
  });
  await gateway.agent.next('ack');
  gateway.agent.send({
    type: 'nac_hosts',
    at: new Date().toISOString(),
    hosts: [
      { mac: '02:00:00:00:0e:01', ip: '10.66.0.9', hostname: canary('nachost'), vendor: canary('nacvendor'), os: null, interface: 'br-lan', state: 'allowed' },
    ],
  });
  await gateway.agent.next('ack');
  return gateway;
}

/** A zero-trust session of the endpoint, with canaries in what the session logs show. */
export async function endpointSessions({ agent }: Enrolled, canary: Canary): Promise<void> {
  agent.send({
    type: 'ztna_sessions',
    sessions: [
      {
        at: new Date(Date.now() - 10_000).toISOString(),
        user: `${canary('zuser')}@globex.test`,
        server_id: null,
        destination: `${canary('zdest')}.example`,
        protocol: 'tcp',
        port: 443,
        action: 'allow',
        rule: 'policy',
        policy_id: null,
        policy_name: canary('zpol').slice(0, 64),
        failed_condition: null,
        connector_id: null,
        duration_ms: 1,
        bytes_in: 1,
        bytes_out: 1,
      },
    ],
  });
  await agent.next('ack');
}
