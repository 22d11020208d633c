import type { FastifyPluginAsync } from 'fastify';
import { AGENT_CLOSE, AGENT_PATH } from '@netloom/domain';
import { topics } from '../bus/topics';
import { PreAuthGuard } from '../http/socket-guard';
import type { Db } from '../db/client';
import type { EventBus } from '../bus/event-bus';
import type { DeviceRecord } from '../fleet/device-row';
import { AgentConnection } from './connection';
import type {
  AgentContext,
  ClientKeysPort,
  DeviceJobsPort,
  DeviceObserver,
  DiagnosticsSink,
  DriftPort,
  PublicAddressPort,
  FlowSink,
  IotSink,
  RegisteredConnection,
  ZtnaSink,
} from './context';
import { publicRoute } from '../http/route-kit';
import type { DeviceStateWriter } from './state-writer';

export interface AgentGatewayOptions {
  db: Db;
  /** Jobs and device events between instances. */
  bus: EventBus;
  /** WS_PREAUTH_PER_ADDRESS: sockets without a hello yet, per address. */
  preAuthPerAddress: number;
  /** Built and closed by app.ts, after the gateway's sockets: their last states are written. */
  writer: DeviceStateWriter;
  /** Tells every console of the device's tenant, on every instance (shared with the offline sweep). */
  publishDevice(device: DeviceRecord): Promise<void>;
  heartbeatIntervalSeconds: number;
  /** Told what devices report (the alarm engine). */
  observer: DeviceObserver;
  /** Takes the devices' flow records (the analytics store's ingest). */
  flows: FlowSink;
  /** Takes the zero-trust reports: relay measurements, connector health, NAC hosts. */
  ztna: ZtnaSink;
  /** Takes an IoT gateway's discovered devices and bridged telemetry (the iot module). */
  iot: IotSink;
  /** Zero trust's part of a client's enrolment with one of its keys (the ztna module). */
  clientKeys: ClientKeysPort;
  /** The job queue: what devices are sent, and where their answers go. */
  jobs: DeviceJobsPort;
  /** The configuration engine, told of a device that runs another configuration than its desired one. */
  drift: DriftPort;
  /** The configuration engine, told of a gateway's new public address. */
  addresses: PublicAddressPort;
  /** Where a running diagnostic's output and capture file go (the diagnostics module). */
  diagnostics: DiagnosticsSink;
}

/** The device side: the /agent/v1 websocket and its connections, one per device across instances. */
export const agentGateway: FastifyPluginAsync<AgentGatewayOptions> = async (app, opts) => {
  const { db, bus } = opts;
  const { writer, publishDevice } = opts;
  const { outage } = writer;
  const connections = new Map<string, RegisteredConnection>();
  /** Every socket's connection, registered or not, until it has closed and finished its work. */
  const open = new Set<AgentConnection>();

  const ctx: AgentContext = {
    db,
    log: app.log,
    writer,
    outage,
    heartbeatIntervalSeconds: opts.heartbeatIntervalSeconds,
    publishDevice,
    observer: opts.observer,
    flows: opts.flows,
    ztna: opts.ztna,
    iot: opts.iot,
    clientKeys: opts.clientKeys,
    jobs: opts.jobs,
    drift: opts.drift,
    addresses: opts.addresses,
    diagnostics: opts.diagnostics,
    subscribeDevice: (deviceId, handler) => bus.subscribe(topics.device(deviceId), handler),
    register(connection) {
      const id = connection.deviceId!;
      // One live connection per device: the newest wins, here and on every other instance.
      connections.get(id)?.close(AGENT_CLOSE.replaced);
      connections.set(id, connection);
      void bus.publish(topics.device(id), { kind: 'replaced', connection_id: connection.id });
    },
    unregister(connection) {
      const id = connection.deviceId;
      if (id && connections.get(id) === connection) connections.delete(id);
    },
    async goneOffline(device) {
      const gone = { ...device, deviceStatus: device.kind === 'gateway' ? 'error' : 'offline' };
      await publishDevice(gone);
      opts.observer.reachable(gone, false);
      await writer.writeState(gone);
    },
  };

  // Sockets that have not sent their hello are capped per address, like the consoles' (counted apart).
  const preAuth = new PreAuthGuard(opts.preAuthPerAddress);
  // Public to the authentication hook: a device proves itself with its own credentials in its hello.
  app.get(AGENT_PATH, { websocket: true, preValidation: preAuth.admit, config: publicRoute }, (socket, request) => {
    preAuth.opened(socket, request);
    const connection = new AgentConnection(socket, ctx);
    open.add(connection);
    socket.once('close', () => void connection.idle().then(() => open.delete(connection)));
  });

  // Before the state writer, the bus and the database close (their hooks run after this one): what
  // a device's message or topic started (a drift repair, a job's delivery) ends first, while it can still be written.
  app.addHook('onClose', async () => {
    for (const c of open) c.close({ code: 1001, reason: 'server shutting down' });
    await Promise.all([...open].map((c) => c.idle()));
  });
};
