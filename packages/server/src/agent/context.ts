import type { FastifyBaseLogger } from 'fastify';
import type {
  ConnectorHealthMessage,
  FlowsMessage,
  JobArtifact,
  JobOutput,
  Heartbeat,
  JOB_KINDS,
  Metrics,
  NacHostsMessage,
  UrlEventsMessage,
  ZtnaSessionsMessage,
  WafEventsMessage,
  DemResultsMessage,
  DnsQueriesMessage,
  IdsAlertsMessage,
  IotDevicesMessage,
  IotTelemetryMessage,
} from '@netloom/domain';
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
type FlowsOutcome = { stored: true; duplicate: boolean } | { stored: false; retryAfterMs: number };

/** Where a device's flow records, URL events and zero-trust sessions go (the analytics store's ingest); answers when they are stored, never holding the connection up meanwhile. */
export interface FlowSink {
  submit(
    device: DeviceRecord,
    m: FlowsMessage | UrlEventsMessage | ZtnaSessionsMessage | WafEventsMessage | DemResultsMessage | DnsQueriesMessage | IdsAlertsMessage,
  ): Promise<FlowsOutcome>;
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

/**
 * Where an IoT gateway's reports go (the iot module): each writes only rows of the device's own
 * tenant and is idempotent by (device, seq): a resend is a duplicate and changes nothing.
 */
export interface IotSink {
  devices(device: DeviceRecord, m: IotDevicesMessage): Promise<{ duplicate: boolean }>;
  telemetry(device: DeviceRecord, m: IotTelemetryMessage): Promise<{ duplicate: boolean }>;
}

/**
 * Zero trust's side of a client's enrolment with one of its tenant's keys (the ztna module owns the
 * keys, their security groups and the invitations): each call runs in the enrolment's transaction,
 * beside the device's row, so a hello that fails takes no use and leaves no trace.
 */
export interface ClientKeysPort {
  /** First in the transaction: a shared hold of the tenant's zero-trust lock, so a security-group change in progress is not overwritten. */
  shareSettingsLock(tx: Db, tenantId: string): Promise<void>;
  /** One use of the key if it may still enrol now; false when it may not (revoked, expired, or used up meanwhile). */
  takeKeyUse(tx: Db, keyId: string, now: Date): Promise<boolean>;
  /** Which key enrolled the device, its place in the key's security groups, and the key's invitation marked enrolled by it. */
  recordClientEnrolment(tx: Db, e: { tenantId: string; deviceId: string; keyId: string; securityGroups: string[] }): Promise<void>;
}

/** A job as a device is sent it. */
export interface OutgoingJob {
  id: string;
  kind: (typeof JOB_KINDS)[number];
  payload: Record<string, unknown>;
}

/**
 * A device's work (the job queue): what to send it, and where its answers go. The queue tells each
 * job's owner (the configuration engine, …) of its answer; the connection knows no job's meaning.
 */
export interface DeviceJobsPort {
  /** Everything open for the device, marked sent (it has just come online). */
  take(deviceId: string): Promise<OutgoingJob[]>;
  /** A job announced on the device's topic, marked sent, if it is the device's and still open. */
  takeAnnounced(deviceId: string, jobId: string): Promise<OutgoingJob | null>;
  /** The device's answer; false when the job was closed already. `runs`: the configuration it says it runs now. */
  complete(deviceId: string, answer: { jobId: string; ok: boolean; output: string; runs?: string | null; runsSeq?: number }): Promise<boolean>;
  /** The device undid a job it had taken; false when nothing changed. */
  fail(deviceId: string, undone: { jobId: string; reason: string; runs: string | null; runsSeq?: number }): Promise<boolean>;
}

/** Who decides what a device that runs another configuration than its desired one is sent (the configuration engine). */
export interface DriftPort {
  drifted(deviceId: string): Promise<void>;
  /** The device says its configuration was changed on the box: what it runs now, in its message `seq`. */
  changedOnBox(device: { id: string; tenantId: string }, report: { hash: string; seq: number; document: Record<string, unknown> }): Promise<void>;
}

/** Who is told that a gateway reports a new public address (the configuration engine: its Auto VPN peers reach it there). */
export interface PublicAddressPort {
  changed(device: { id: string; tenantId: string; name: string }, address: string): Promise<void>;
}

/** A running diagnostic's output and file as the device sends them: true when kept now, false for a resend or a run that has ended. */
export interface DiagnosticsSink {
  output(deviceId: string, m: JobOutput): Promise<boolean>;
  artifact(deviceId: string, m: JobArtifact): Promise<boolean>;
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
  iot: IotSink;
  clientKeys: ClientKeysPort;
  jobs: DeviceJobsPort;
  drift: DriftPort;
  addresses: PublicAddressPort;
  diagnostics: DiagnosticsSink;
}
