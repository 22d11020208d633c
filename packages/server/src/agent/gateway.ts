import type { FastifyPluginAsync } from 'fastify';
import { AGENT_CLOSE, AGENT_PATH } from '@netloom/domain';
import { topics } from '../bus/topics';
import { PreAuthGuard } from '../http/socket-guard';
import type { Services } from '../services';
import type { DeviceRecord } from '../fleet/device-row';
import { AgentConnection } from './connection';
import type { AgentContext, DeviceObserver, FlowSink, RegisteredConnection, ZtnaSink } from './context';
import type { DeviceStateWriter } from './state-writer';

export interface AgentGatewayOptions {
  services: Services;
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
}

/** The device side: the /agent/v1 websocket and its connections, one per device across instances. */
export const agentGateway: FastifyPluginAsync<AgentGatewayOptions> = async (app, opts) => {
  const { db, bus } = opts.services;
  const { writer, publishDevice } = opts;
  const { outage } = writer;
  const connections = new Map<string, RegisteredConnection>();

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
  const preAuth = new PreAuthGuard(opts.services.config.sockets.preAuthPerAddress);
  app.get(AGENT_PATH, { websocket: true, preValidation: preAuth.admit }, (socket, request) => {
    preAuth.opened(socket, request);
    new AgentConnection(socket, ctx);
  });

  app.addHook('onClose', async () => {
    for (const c of connections.values()) c.close({ code: 1001, reason: 'server shutting down' });
  });
};
