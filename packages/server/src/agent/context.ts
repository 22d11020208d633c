import type { FastifyBaseLogger } from 'fastify';
import type { ConnectorHealthMessage, FlowsMessage, Heartbeat, Metrics, NacHostsMessage, UrlEventsMessage, ZtnaSessionsMessage } from '@netloom/domain';
import type { Db } from '../db/client';
import type { DeviceRecord } from '../fleet/device-row';
import type { DeviceTopicMessage } from '../bus/topics';
import type { DatabaseOutage } from './database-outage';
import type { DeviceStateWriter } from './state-writer';

/** A device's socket as the gateway keeps it: one per device, the newest replacing the older. */
export interface RegisteredConnection {
  readonly id: string;
  readonly deviceId: string | null;
  close(why: { code: number; reason: string }): void;
}

/** Who watches what devices report (the alarm engine): told, never awaited, so ingest does not wait on it. */
export interface DeviceObserver {
  heartbeat(device: DeviceRecord, hb: Heartbeat): void;
  metrics(device: DeviceRecord, m: Metrics): void;
  /** Connected and live (true), or gone: closed, or silent past the offline time. */
  reachable(device: DeviceRecord, up: boolean): void;
  /** The device's connection on this instance ended. */
  forget(deviceId: string): void;
}

/** An observer that watches nothing (the alarm engine turned off). */
export const IGNORE_DEVICES: DeviceObserver = { heartbeat: () => undefined, metrics: () => undefined, reachable: () => undefined, forget: () => undefined };

/** Stored (an ack; duplicate when it was already), or refused for now with how long to wait (back-pressure). */
export type FlowsOutcome = { stored: true; duplicate: boolean } | { stored: false; retryAfterMs: number };

/** Where a device's flow records, URL events and zero-trust sessions go (the analytics store's ingest); answers when they are stored, never holding the connection up meanwhile. */
export interface FlowSink {
  submit(device: DeviceRecord, m: FlowsMessage | UrlEventsMessage | ZtnaSessionsMessage): Promise<FlowsOutcome>;
  /** While ingest is full: how long a device should wait (a new batch would be refused), else null. Asked before a batch is parsed. */
  refuseNow(): number | null;
}

/**
 * Where the zero-trust reports go (the ztna-activity module): each writes only rows of the
 * device's own tenant, and is idempotent (a resend or a late report changes nothing newer).
 */
export interface ZtnaSink {
  /** An endpoint's measurements of the overlay servers, from a sessions batch stored now (not a resend). */
  relayReports(device: DeviceRecord, reports: ZtnaSessionsMessage['relays']): Promise<void>;
  /** An app connector's health: stored, older than the stored one (nothing changes), or the device is no connector of its tenant. */
  connectorHealth(device: DeviceRecord, m: ConnectorHealthMessage): Promise<'stored' | 'older' | 'not_connector'>;
  /** A gateway's hosts on its networks. */
  nacHosts(device: DeviceRecord, m: NacHostsMessage): Promise<void>;
}

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
  register(connection: RegisteredConnection): void;
  unregister(connection: RegisteredConnection): void;
  goneOffline(device: DeviceRecord): Promise<void>;
  observer: DeviceObserver;
  flows: FlowSink;
  ztna: ZtnaSink;
}
