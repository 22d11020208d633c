import type { FastifyPluginAsync } from 'fastify';
import { AGENT_CLOSE, AGENT_PATH } from '@netloom/domain';
import { topics } from '../bus/topics';
import { PreAuthGuard } from '../http/socket-guard';
import type { Services } from '../services';
import { toDeviceRow, type DeviceRecord } from '../modules/devices/device-row';
import { AgentConnection } from './connection';
import type { AgentContext } from './context';
import { markSilentDevicesOffline } from './repo';
import { DeviceStateWriter } from './state-writer';
import { keepMetricsFor } from './metrics-retention';

export interface AgentGatewayOptions {
  services: Services;
  heartbeatIntervalSeconds: number;
  offlineAfterSeconds: number;
  metricsRetentionHours: number;
}

/** The device side: the /agent/v1 websocket, the live-state writer, offline detection and metrics retention. */
export const agentGateway: FastifyPluginAsync<AgentGatewayOptions> = async (app, opts) => {
  const { db, bus } = opts.services;
  const writer = new DeviceStateWriter(db, app.log);
  const { outage } = writer;
  const connections = new Map<string, AgentConnection>();

  // Not an async wrapper: a heartbeat already waits on the bus's own promise.
  const publishDevice = (device: DeviceRecord) => bus.publish(topics.tenantDevices(device.tenantId), { kind: 'device', row: toDeviceRow(device) });

  const ctx: AgentContext = {
    db,
    log: app.log,
    writer,
    outage,
    heartbeatIntervalSeconds: opts.heartbeatIntervalSeconds,
    publishDevice,
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
      await writer.writeState(gone);
    },
  };

  // Sockets that have not sent their hello are capped per address, like the consoles' (counted apart).
  const preAuth = new PreAuthGuard(opts.services.config.sockets.preAuthPerAddress);
  app.get(AGENT_PATH, { websocket: true, preValidation: preAuth.admit }, (socket, request) => {
    preAuth.opened(socket, request);
    new AgentConnection(socket, ctx);
  });

  const sweepEveryMs = Math.max(1000, Math.min(5000, (opts.offlineAfterSeconds * 1000) / 3));
  const sweeper = setInterval(() => {
    const now = new Date();
    const silentSince = new Date(now.getTime() - opts.offlineAfterSeconds * 1000);
    markSilentDevicesOffline(db, { silentSince, heardSince: outage.heardSince(now) }, opts.services.config.database.kind === 'postgres')
      .then((rows) => {
        outage.succeeded();
        return Promise.all(rows.map(publishDevice));
      })
      .catch((err: unknown) => {
        if (!outage.failed(err)) app.log.error({ err }, 'offline sweep failed');
      });
  }, sweepEveryMs);
  sweeper.unref();
  const stopRetention = keepMetricsFor(db, app.log, {
    retentionHours: opts.metricsRetentionHours,
    usesLock: opts.services.config.database.kind === 'postgres',
  });

  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await stopRetention();
    for (const c of connections.values()) c.close({ code: 1001, reason: 'server shutting down' });
    await writer.close();
  });
};
