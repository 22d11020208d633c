import type {
  ConfigDocument,
  ConnectorHealthMessage,
  DemResult,
  DiagnosticParams,
  DnsQueryRecord,
  FlowRecord,
  Heartbeat,
  Hello,
  IdsAlertRecord,
  IotDeviceReport,
  Metrics,
  NacHostsMessage,
  StatusKind,
  StatusSnapshot,
  UrlEvent,
  WafAttack,
  WafRequest,
  WafVulnJob,
  ZtnaSession,
  ZtnaSessionsMessage,
} from '@netloom/domain';
import type { BrowsingRequest } from './browsing';
import type { IotTelemetrySite } from './iot-mqtt';
import type { Peer } from './router-model';
import type { DiagnosticContext, DiagnosticPlan } from './diagnostic-plan';
import type { DiagnosticIo, LiveDiagnostic } from './live-diagnostics';

export type HelloBody = Pick<Hello, 'identity' | 'model' | 'os' | 'version' | 'posture' | 'public_ip'>;
export type HeartbeatBody = Omit<Heartbeat, 'type' | 'seq'>;
export type MetricsBody = Omit<Metrics, 'type' | 'seq'>;
export type ConnectorHealthBody = Omit<ConnectorHealthMessage, 'type' | 'seq'>;
export type NacHostsBody = Omit<NacHostsMessage, 'type' | 'seq'>;

/** What a device's behaviour keeps across runs besides its credential (the state file): the client version an endpoint installed. */
export interface BehaviourState {
  client_version?: string;
}

/** What a WAF edge served in an interval: its access log's requests and its audit log's attacks. */
export interface WafTraffic {
  requests: WafRequest[];
  attacks: WafAttack[];
}

/** What a kind of device says; the connection (SimulatedDevice) decides when. */
export interface DeviceBehaviour {
  readonly kind: 'gateway' | 'endpoint';
  readonly serial: string;
  readonly name: string;
  /** Metrics with every heartbeat (1) or every other (2). */
  readonly metricsEvery: 1 | 2;
  hello(): HelloBody;
  /** One heartbeat tick: advances the device's life (link flaps, tunnel state) and reports it. */
  heartbeat(at: Date, configHash: string | null): HeartbeatBody;
  metrics(at: Date): MetricsBody;
  diagnostics(): string;
  /** What it does for a diagnostic of the console (a gateway's ping, traceroute, capture…); none: it runs none. */
  diagnosticPlan?(params: DiagnosticParams, jobId: string, context: DiagnosticContext): DiagnosticPlan;
  /**
   * A real box (the agent) runs a diagnostic as a process of its own, telling what it prints as it
   * comes (`io`); null: it cannot run this one now. `peer` is the job's far end as the server named it.
   */
  startDiagnostic?(params: DiagnosticParams, io: DiagnosticIo, peer: unknown): LiveDiagnostic | null;
  /** A WAF edge runs a vulnerability test's plan against the application's origin and answers its report (JSON); none: it runs none. */
  vulnTest?(job: WafVulnJob, signal: AbortSignal, progress: (sent: number) => void): Promise<string>;
  /** The capacity of its lines (Mbps) if it answers at this address (a throughput test's far end). */
  capacityAt?(address: string): number | undefined;
  /** The configuration it now runs (after a push, a revert or a local change): what it reports follows it. */
  configure?(doc: ConfigDocument | null): void;
  /**
   * A real box (the agent) applies the document to its kernel and services: null when it runs it,
   * else why not, once it has put back what ran before. Pushes and reverts then go through it;
   * without it the device only changes what it reports (configure).
   */
  apply?(doc: ConfigDocument | null): Promise<string | null>;
  /** A real box reads its state afresh before it answers a status job. */
  refresh?(): Promise<void>;
  /** Why it cannot run a document that holds (hardware it lacks), in its own words; null: it can. */
  cannotRun?(doc: ConfigDocument): string | null;
  /** Its state of a kind (routes, interfaces, leases, tunnels) as the running configuration makes it; null: it has none of that kind. */
  statusSnapshot?(kind: StatusKind, doc: ConfigDocument | null, findPeer: (address: string) => Peer | undefined): StatusSnapshot | null;
  /** Its IPsec tunnels up or down now, reported with each heartbeat for the alarms; none: it runs no tunnels. */
  tunnels?(doc: ConfigDocument | null, findPeer: (address: string) => Peer | undefined): { name: string; status: 'up' | 'down' }[];
  /** Its flow cache swept: the records of the `intervalS` seconds before `at`; none: it exports no flows. */
  flows?(at: Date, intervalS: number): FlowRecord[];
  /** The web requests its users made in the `intervalS` seconds before `at`, undecided (the device's web filter decides them); none: it sees no web requests. */
  /** `visitsPerMinute`: a keen user's page visits per minute at the busiest hour (the browsing default unless a test or demo raises it). */
  browse?(at: Date, intervalS: number, visitsPerMinute?: number): BrowsingRequest[];
  /** A WAF edge's access and audit logs of the `intervalS` seconds before `at` (a real edge: what it read since the last call); none: it serves no applications. */
  wafEvents?(at: Date, intervalS: number): WafTraffic;
  /** Its web filter's decisions on those requests, as they were made (the URL filter status counts them). */
  urlDecided?(events: readonly UrlEvent[]): void;
  /** The public address its traffic leaves by now (where other gateways' tunnels reach it). */
  readonly publicIp?: string | null;
  /** How long the user stays signed in and away (endpoints); null: always on (gateways). */
  sessionMs(): { online: number; away: number } | null;
  /** What it keeps across runs, and takes back before it starts. */
  persisted?(): BehaviourState;
  restore?(state: BehaviourState): void;
  /** The connections its user tried through the zero-trust client in the `intervalS` before `at`, decided (endpoints). */
  ztnaSessions?(at: Date, intervalS: number, endpointId: string | null): ZtnaSession[];
  /** What its client measured to the relays it is given; none: it runs no zero-trust section. */
  ztnaRelays?(): ZtnaSessionsMessage['relays'];
  /** The runs of its digital experience tests in the `intervalS` before `at` (a real agent: those finished since the last call); none: it runs no DEM tests. */
  demResults?(at: Date, intervalS: number): DemResult[];
  /** Its client's connections open now through this app connector. */
  activeSessionsThrough?(connectorId: string): number;
  /** An app connector's health now, given the sessions it carries; null: it publishes nothing (yet). */
  connectorHealth?(at: Date, activeSessions: number): ConnectorHealthBody | null;
  /** The DNS queries its resolver answered since the last call, consistent with its flows; none: it logs none. */
  dnsQueries?(at: Date, intervalS: number): DnsQueryRecord[];
  /** Its IDS/IPS engine's alerts since the last call (gateways running the section). */
  idsAlerts?(at: Date): IdsAlertRecord[];
  /** The devices an IoT site saw on its LANs in the `intervalS` before `at` (none elsewhere). */
  iotDevices?(at: Date, intervalS: number): IotDeviceReport[];
  /** An IoT site's sensors and MQTT bridge (null elsewhere). */
  iotTelemetry?(): IotTelemetrySite | null;
  /** The hosts it sees on its LANs with what it enforces for each (gateways). */
  nacHosts?(at: Date): NacHostsBody;
}
