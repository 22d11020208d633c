import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';
import type { DeviceTopicMessage } from '../bus/topics';
import type { AgentConnection } from './connection';
import type { DatabaseOutage } from './database-outage';
import type { DeviceStateWriter } from './state-writer';

/** What a device connection needs from the gateway around it. */
export interface AgentContext {
  db: Db;
  log: FastifyBaseLogger;
  writer: DeviceStateWriter;
  /** Shared by the writer, the connections and the offline sweep. */
  outage: DatabaseOutage;
  heartbeatIntervalSeconds: number;
  /** Tells every console of the device's tenant, on every instance. */
  publishDevice(device: DeviceRecord): Promise<void>;
  subscribeDevice(deviceId: string, handler: (m: DeviceTopicMessage) => void): Promise<() => Promise<void>>;
  register(connection: AgentConnection): void;
  unregister(connection: AgentConnection): void;
  goneOffline(device: DeviceRecord): Promise<void>;
}
