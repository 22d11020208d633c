import WebSocket from 'ws';
import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  CONFIRM_WINDOW_MS,
  FLOW_ACTIVE_TIMEOUT_S,
  PUSHED_STATUS_KINDS,
  STATUS_KINDS,
  configHash,
  emptySnapshot,
  type ConfigDocument,
  type StatusKind,
  type StatusSnapshot,
  type ServerMessage,
  type UrlEvent,
  type UrlEventsMessage,
  type ZtnaSession,
  type ZtnaSessionsMessage,
} from '@netloom/domain';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import type { BehaviourState, DeviceBehaviour } from './behaviour';
import type { BatchExporter } from './batch-exporter';
import type { Batch, BatchOutbox } from './batch-outbox';
import { FlowExporter } from './flow-exporter';
import { mulberry32, randomBetween, seedFrom, type Random } from './prng';
import { applyConfig } from './running-config';
import type { Peer } from './router-model';
import { URL_EXPORT_INTERVAL_S, urlEventExporter } from './url-export';
import { WebFilterTimeline } from './web-filter-timeline';
import { ZTNA_EXPORT_INTERVAL_S, ztnaSessionExporter } from './ztna-export';
import { CONNECTOR_HEALTH_INTERVAL_S } from './connector-health';
import { NAC_REPORT_INTERVAL_S } from './nac-hosts';

const isStatusKind = (v: unknown): v is StatusKind => (STATUS_KINDS as readonly unknown[]).includes(v);
/** System and BGP snapshots go out unasked every this many heartbeats (about a minute at 10 s). */
const PUSH_STATUS_EVERY_TICKS = 6;

export interface DeviceCredential {
  device_id: string;
  secret: string;
}

/** What a device keeps between runs (the CLI's state file, the demo fleet's file). */
export interface SavedDevice {
  credential: DeviceCredential | null;
  seq: number;
  config_hash: string | null;
  /** What its behaviour keeps (an endpoint's installed client version). */
  behaviour?: BehaviourState;
}

/**
 * idle: not started; connecting: socket opening or hello sent; pending: waiting for approval;
 * connected: reporting; backoff: waiting to reconnect after a drop; away: the user signed off;
 * rebooting: a reboot job; stopped: stop() was called.
 */
export type DeviceState = 'idle' | 'connecting' | 'pending' | 'connected' | 'backoff' | 'away' | 'rebooting' | 'stopped';

export type DeviceEvent =
  | { type: 'state'; device: SimulatedDevice; state: DeviceState }
  | { type: 'enrolled'; device: SimulatedDevice; deviceId: string }
  | { type: 'job'; device: SimulatedDevice; kind: string; jobId: string }
  /** The server acknowledged the device's answer to a configuration job (bench:config's round trip ends here). */
  | { type: 'job_answered'; device: SimulatedDevice; jobId: string; ok: boolean }
  | { type: 'closed'; device: SimulatedDevice; code: number; reason: string }
  /** Flow batches dropped unacknowledged because the outbox was full (told at most once a minute). */
  | { type: 'flows_dropped'; device: SimulatedDevice; batches: number; records: number }
  /** URL event batches dropped the same way (`records`: events). */
  | { type: 'url_events_dropped'; device: SimulatedDevice; batches: number; records: number }
  /** Zero-trust session batches dropped the same way (`records`: sessions). */
  | { type: 'ztna_sessions_dropped'; device: SimulatedDevice; batches: number; records: number };

export interface SimulatedDeviceOptions {
  url: string;
  enrolmentKey: string;
  behaviour: DeviceBehaviour;
  /** Timing randomness (jitter, backoff), kept apart from the behaviour's stream. */
  random: Random;
  saved?: SavedDevice;
  /** Heartbeat period varies by ± this share, so devices started together drift apart. */
  heartbeatJitter?: number;
  backoff?: BackoffOptions;
  rebootMs?: [number, number];
  onEvent?: (event: DeviceEvent) => void;
  /** Called when something worth persisting changed (credential, applied configuration). */
  onSave?: (device: SimulatedDevice) => void;
  /** Chance per heartbeat that someone changes a gateway's configuration on the box (`--drift`). */
  driftChance?: number;
  /** Confirm-or-revert window after applying a configuration (CONFIRM_WINDOW_MS unless a test shortens it). */
  confirmWindowMs?: number;
  /** The gateway of the fleet at a public address, for tunnels between simulated gateways. */
  findPeer?: (address: string) => Peer | undefined;
  /** Seconds between flow exports, at most FLOW_ACTIVE_TIMEOUT_S (the default); 0: no flow export. */
  flowIntervalS?: number;
  /** Flow batches the outbox keeps unacknowledged (FLOW_OUTBOX_BATCHES unless a test shortens it). */
  flowOutboxBatches?: number;
  /** Seconds between URL event exports (URL_EXPORT_INTERVAL_S, 60, by default; at most URL_EXPORT_MAX_S); 0: none. */
  urlIntervalS?: number;
  /** A keen user's page visits per minute at the busiest hour (the browsing model's default unless raised for a test or a lively demo). */
  visitsPerMinute?: number;
  /** URL event batches the outbox keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  urlOutboxBatches?: number;
  /** Seconds between zero-trust session exports of an endpoint (ZTNA_EXPORT_INTERVAL_S, 60, by default; at most ZTNA_EXPORT_MAX_S); 0: none. */
  ztnaIntervalS?: number;
  /** Session batches the outbox keeps unacknowledged (OUTBOX_BATCHES unless a test shortens it). */
  ztnaOutboxBatches?: number;
  /** Seconds between an app connector's health reports (CONNECTOR_HEALTH_INTERVAL_S by default); 0: none. */
  connectorIntervalS?: number;
  /** Seconds between a gateway's reports of the hosts on its LANs (NAC_REPORT_INTERVAL_S by default); 0: none. */
  nacIntervalS?: number;
  /** The fleet's zero-trust connections open now through this app connector (the endpoints' clients know them). */
  activeSessionsThrough?: (connectorId: string) => number;
}

/** What the connection does with each of its exports: the same for flows, URL events and sessions. */
type PeriodicExport = Pick<BatchExporter<unknown, Batch>, 'run' | 'pause' | 'stop'> & {
  outbox: Pick<BatchOutbox<Batch>, 'acked' | 'busy' | 'connected' | 'disconnected'>;
};

const ACK_TIMEOUT_MS = 5000;
/** Metrics batches kept until acknowledged, newest first to go when a long outage fills it. */
const UNACKED_METRICS = 32;
const STOP_TIMEOUT_MS = 2000;

/** One device speaking the agent protocol (DESIGN.md "Live channels") over a real websocket. */
export class SimulatedDevice {
  private ws: WebSocket | null = null;
  private _state: DeviceState = 'idle';
  private credential: DeviceCredential | null;
  private seq: number;
  private configHash: string | null;
  /** The configuration document it runs, as last applied (null until a push carries one). */
  runningConfig: ConfigDocument | null = null;
  /** The configuration before the last push, kept until the push is confirmed by a management connection that stays up. */
  private unconfirmed: { jobId: string; hash: string | null; config: ConfigDocument | null; until: number } | null = null;
  /** A push undone by confirm-or-revert, told to the server once the device is back. */
  private reverted: { jobId: string; hash: string | null; reason: string } | null = null;
  /** Pushes undone that way: the same job delivered again (its answer was lost) is refused, not run again. */
  private readonly revertedJobs = new Set<string>();
  private attempt = 0;
  private intervalMs = 10_000;
  private ticks = 0;
  private timers = new Set<NodeJS.Timeout>();
  private acks = new Map<number, () => void>();
  /** Metrics sent but not acknowledged (a drop, a server that could not store them): sent again, same seq, on the next connection. */
  private unackedMetrics = new Map<number, Record<string, unknown>>();
  /** Flow records swept every export interval and kept until acknowledged. */
  readonly flowExport: FlowExporter;
  /** The web filters of the configurations it ran, by when: each web request is decided by the one running when it was made. */
  private readonly webFilters = new WebFilterTimeline();
  /** Its users' web requests, decided, swept every export interval and kept until acknowledged. */
  readonly urlExport: BatchExporter<UrlEvent, UrlEventsMessage>;
  /** Its zero-trust client's connections, decided, swept every export interval and kept until acknowledged. */
  readonly ztnaExport: BatchExporter<ZtnaSession, ZtnaSessionsMessage>;
  /** What the behaviour kept last time it was saved: a change (a client update installed) is saved. */
  private persistedJson: string;
  private closed: Promise<void> = Promise.resolve();
  lastClose: { code: number; reason: string } | null = null;
  /** How long it waited before its last reconnection (its jittered back-off). */
  lastBackoffMs: number | null = null;

  constructor(private readonly opts: SimulatedDeviceOptions) {
    this.credential = opts.saved?.credential ?? null;
    this.seq = opts.saved?.seq ?? 0;
    this.configHash = opts.saved?.config_hash ?? null;
    if (opts.saved?.behaviour) opts.behaviour.restore?.(opts.saved.behaviour);
    this.persistedJson = JSON.stringify(opts.behaviour.persisted?.() ?? {});
    const transmit = (message: object) => {
      if (this._state !== 'connected' || this.ws?.readyState !== WebSocket.OPEN) return false;
      this.ws.send(JSON.stringify(message));
      return true;
    };
    this.flowExport = new FlowExporter({
      intervalS: opts.behaviour.flows ? (opts.flowIntervalS ?? FLOW_ACTIVE_TIMEOUT_S) : 0,
      flows: (at, intervalS) => opts.behaviour.flows?.(at, intervalS) ?? [],
      nextSeq: () => this.nextSeq(),
      transmit,
      ...(opts.flowOutboxBatches === undefined ? {} : { capacity: opts.flowOutboxBatches }),
      // Apart from the timing stream, which stays what it was with flows on or off.
      random: mulberry32(seedFrom(opts.behaviour.serial, 'flow export')),
      onDropped: (dropped) => this.opts.onEvent?.({ type: 'flows_dropped', device: this, ...dropped }),
    });
    this.urlExport = urlEventExporter({
      intervalS: opts.behaviour.browse ? (opts.urlIntervalS ?? URL_EXPORT_INTERVAL_S) : 0,
      browse: (at, intervalS) => opts.behaviour.browse?.(at, intervalS, opts.visitsPerMinute) ?? [],
      filters: this.webFilters,
      // The simulator is not told its device group: policies for groups of endpoints do not reach it.
      device: () => ({ deviceId: this.deviceId, deviceGroupId: null }),
      decided: (events) => opts.behaviour.urlDecided?.(events),
      nextSeq: () => this.nextSeq(),
      transmit,
      ...(opts.urlOutboxBatches === undefined ? {} : { capacity: opts.urlOutboxBatches }),
      random: mulberry32(seedFrom(opts.behaviour.serial, 'url export')),
      onDropped: (dropped) => this.opts.onEvent?.({ type: 'url_events_dropped', device: this, ...dropped }),
    });
    this.ztnaExport = ztnaSessionExporter({
      intervalS: opts.behaviour.ztnaSessions ? (opts.ztnaIntervalS ?? ZTNA_EXPORT_INTERVAL_S) : 0,
      sessions: (at, intervalS) => opts.behaviour.ztnaSessions?.(at, intervalS, this.deviceId) ?? [],
      relays: () => opts.behaviour.ztnaRelays?.() ?? [],
      nextSeq: () => this.nextSeq(),
      transmit,
      ...(opts.ztnaOutboxBatches === undefined ? {} : { capacity: opts.ztnaOutboxBatches }),
      random: mulberry32(seedFrom(opts.behaviour.serial, 'ztna export')),
      onDropped: (dropped) => this.opts.onEvent?.({ type: 'ztna_sessions_dropped', device: this, ...dropped }),
    });
  }

  /** Its periodic exports, each with its own outbox (flows, URL events, zero-trust sessions). */
  private get exporters(): PeriodicExport[] {
    return [this.flowExport, this.urlExport, this.ztnaExport];
  }

  get state(): DeviceState {
    return this._state;
  }
  get behaviour(): DeviceBehaviour {
    return this.opts.behaviour;
  }
  get serial(): string {
    return this.opts.behaviour.serial;
  }
  get deviceId(): string | null {
    return this.credential?.device_id ?? null;
  }
  /** The key it enrols with: which tenant it belongs to. */
  get enrolmentKey(): string {
    return this.opts.enrolmentKey;
  }

  saved(): SavedDevice {
    const behaviour = this.behaviour.persisted?.();
    return { credential: this.credential, seq: this.seq, config_hash: this.configHash, ...(behaviour ? { behaviour } : {}) };
  }

  start(delayMs = 0): void {
    if (this._state !== 'idle') return;
    this.later(delayMs, () => this.connect());
  }

  /** The management link is cut (a cable, a bad push): the socket dies without a close handshake. */
  cutConnection(): void {
    this.ws?.terminate();
  }

  /** Goes offline the way a real agent does when shut down: close 1000, nothing left running. */
  async stop(): Promise<void> {
    this.setState('stopped');
    this.clearTimers();
    for (const e of this.exporters) e.stop();
    const ws = this.ws;
    if (!ws) return;
    if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'going offline');
    else ws.terminate();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
    await Promise.race([this.closed, timeout]);
    ws.terminate();
  }

  private setState(state: DeviceState): void {
    if (this._state === state || this._state === 'stopped') return;
    this._state = state;
    this.opts.onEvent?.({ type: 'state', device: this, state });
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        fn();
      },
      Math.max(0, ms),
    );
    this.timers.add(t);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Sequence numbers never go back, even when the saved state is lost or stale (a crash between saves): the clock is a floor. */
  private nextSeq(): number {
    this.seq = Math.max(this.seq + 1, Date.now());
    return this.seq;
  }

  private send(body: Record<string, unknown>): number {
    const seq = this.nextSeq();
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ ...body, seq }));
    return seq;
  }

  private waitAck(seq: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.acks.delete(seq);
        resolve();
      }, ACK_TIMEOUT_MS);
      this.acks.set(seq, () => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  private connect(): void {
    if (this._state === 'stopped') return;
    this.setState('connecting');
    const ws = new WebSocket(this.opts.url, { handshakeTimeout: 10_000 });
    this.ws = ws;
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
    ws.on('open', () => {
      const auth = this.credential ? { kind: 'credential', ...this.credential } : { kind: 'enrol', enrolment_key: this.opts.enrolmentKey };
      this.send({ type: 'hello', protocol: AGENT_PROTOCOL_VERSION, auth, ...this.behaviour.hello() });
    });
    ws.on('message', (data) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(data.toString()) as ServerMessage;
      } catch {
        return;
      }
      this.receive(message);
    });
    ws.on('close', (code, reason) => this.onClose(ws, code, reason.toString()));
    // A failed connection also closes; the close handler decides what next.
    ws.on('error', () => undefined);
  }

  private receive(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome':
        this.intervalMs = m.heartbeat_interval_s * 1000;
        if (m.credential) this.keepCredential(m.credential);
        if (m.state === 'approved') this.goLive();
        else this.setState('pending');
        return;
      case 'approved':
        this.keepCredential(m.credential);
        this.goLive();
        return;
      case 'ack':
        this.acks.get(m.seq)?.();
        this.acks.delete(m.seq);
        this.unackedMetrics.delete(m.seq);
        for (const e of this.exporters) e.outbox.acked(m.seq);
        return;
      case 'busy':
        // Only batches (flows, URL events, sessions) are answered so (each outbox knows its own seqs); anything else unacknowledged is resent on the next connection.
        for (const e of this.exporters) e.outbox.busy(m.seq, m.retry_after_ms);
        return;
      case 'job':
        void this.job(m);
        return;
    }
  }

  private keepCredential(credential: DeviceCredential): void {
    this.credential = credential;
    this.opts.onEvent?.({ type: 'enrolled', device: this, deviceId: credential.device_id });
    this.opts.onSave?.(this);
  }

  /**
   * Confirm-or-revert: a push followed by the loss of the management connection within the
   * window may be what cut it, so the box goes back to what it ran before rather than stay
   * stranded, and reports it when it is back.
   */
  private revertUnconfirmed(): void {
    const u = this.unconfirmed;
    this.unconfirmed = null;
    if (!u || Date.now() > u.until || this._state === 'stopped') return;
    this.configHash = u.hash;
    this.run(u.config);
    this.revertedJobs.add(u.jobId);
    this.reverted = { jobId: u.jobId, hash: u.hash, reason: 'management connection lost within 60 s of applying; the previous configuration was restored' };
    this.opts.onSave?.(this);
  }

  /** Runs a configuration from now on: what the behaviour reports and how the web filter decides follow it. */
  private run(doc: ConfigDocument | null): void {
    this.runningConfig = doc;
    this.behaviour.configure?.(doc);
    this.webFilters.ran(doc?.web_filter, Date.now());
  }

  private maybeDrift(): void {
    // No draw without --drift: the timing stream (jitter, back-off) stays what it was.
    const chance = this.opts.driftChance ?? 0;
    if (chance > 0 && this.opts.random() < chance) this.driftNow();
  }

  /** Someone changes the configuration on the box: a route appears that the console never saved. */
  driftNow(): void {
    if (!this.runningConfig || this.behaviour.kind !== 'gateway') return;
    const routes = this.runningConfig.static_routes ?? [];
    const local = {
      id: crypto.randomUUID(),
      name: `local-${routes.length + 1}`,
      destination: `10.254.${routes.length % 256}.0/24`,
      gateway: '10.254.0.1',
      metric: 0,
      enabled: true,
    };
    const lan = this.runningConfig.interfaces?.lan[0];
    this.runningConfig = { ...this.runningConfig, static_routes: [...routes, { ...local, gateway: lan ? lan.ip : local.gateway }] };
    this.configHash = configHash(this.runningConfig);
    this.opts.onSave?.(this);
  }

  private goLive(): void {
    if (this._state === 'stopped') return;
    this.attempt = 0;
    this.setState('connected');
    if (this.reverted) {
      const r = this.reverted;
      this.reverted = null;
      this.send({ type: 'config_reverted', job_id: r.jobId, config_hash: r.hash, reason: r.reason });
    }
    for (const [seq, body] of this.unackedMetrics) if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ ...body, seq }));
    for (const e of this.exporters) {
      e.outbox.connected();
      e.run();
    }
    this.tick();
    this.reportEvery(this.opts.connectorIntervalS ?? CONNECTOR_HEALTH_INTERVAL_S, () => this.sendConnectorHealth());
    this.reportEvery(this.opts.nacIntervalS ?? NAC_REPORT_INTERVAL_S, () => this.sendNacHosts());
    const session = this.behaviour.sessionMs();
    if (session) this.later(session.online, () => this.goAway(session.away));
  }

  private snapshotOf(kind: StatusKind): StatusSnapshot {
    return this.behaviour.statusSnapshot?.(kind, this.runningConfig, this.opts.findPeer ?? (() => undefined)) ?? emptySnapshot(kind);
  }

  private tick(): void {
    if (this._state !== 'connected') return;
    const at = new Date();
    // Now and then the box sends what tenant-wide pages list (system, BGP) without being asked.
    if (this.ticks % PUSH_STATUS_EVERY_TICKS === 0 && this.behaviour.statusSnapshot) {
      for (const kind of PUSHED_STATUS_KINDS) this.send({ type: 'status', at: at.toISOString(), snapshot: this.snapshotOf(kind) });
    }
    this.maybeDrift();
    if (this.unconfirmed && Date.now() > this.unconfirmed.until) this.unconfirmed = null;
    const tunnels = this.behaviour.tunnels?.(this.runningConfig, this.opts.findPeer ?? (() => undefined)) ?? [];
    this.send({ type: 'heartbeat', ...this.behaviour.heartbeat(at, this.configHash), ...(tunnels.length ? { ipsec: tunnels } : {}) });
    this.savePersistedChange();
    if (this.ticks++ % this.behaviour.metricsEvery === 0) {
      const body = { type: 'metrics', ...this.behaviour.metrics(at) };
      this.unackedMetrics.set(this.send(body), body);
      if (this.unackedMetrics.size > UNACKED_METRICS) this.unackedMetrics.delete(this.unackedMetrics.keys().next().value!);
    }
    const jitter = this.opts.heartbeatJitter ?? 0.1;
    this.later(this.intervalMs * (1 + randomBetween(this.opts.random, -jitter, jitter)), () => this.tick());
  }

  /** What the behaviour keeps changed (a client update got installed): saved. */
  private savePersistedChange(): void {
    const json = JSON.stringify(this.behaviour.persisted?.() ?? {});
    if (json === this.persistedJson) return;
    this.persistedJson = json;
    this.opts.onSave?.(this);
  }

  /**
   * A report that goes out while connected: the first soon after going live (spread, so a fleet
   * does not report at once), then every `intervalS`; the timers go with the connection.
   */
  private reportEvery(intervalS: number, report: () => void): void {
    if (!(intervalS > 0)) return;
    const next = (ms: number) =>
      this.later(ms, () => {
        if (this._state !== 'connected') return;
        report();
        next(intervalS * 1000);
      });
    next(Math.min(intervalS * 1000, randomBetween(this.opts.random, 500, 3000)));
  }

  /** An app connector's health: its published servers reachable or not, and the sessions it carries now. */
  private sendConnectorHealth(): void {
    const id = this.deviceId;
    const health = this.behaviour.connectorHealth?.(new Date(), id ? (this.opts.activeSessionsThrough?.(id) ?? 0) : 0);
    if (health) this.send({ type: 'connector_health', ...health });
  }

  /** The hosts on a gateway's LANs, with what it enforces for each. */
  private sendNacHosts(): void {
    const hosts = this.behaviour.nacHosts?.(new Date());
    if (hosts) this.send({ type: 'nac_hosts', ...hosts });
  }

  /** The user signs off (close 1000: offline at once) and comes back later. */
  private goAway(awayMs: number): void {
    if (this._state !== 'connected') return;
    this.setState('away');
    this.clearTimers();
    for (const e of this.exporters) e.pause();
    this.ws?.close(1000, 'user signed off');
    this.later(awayMs, () => this.connect());
  }

  private async job(m: Extract<ServerMessage, { type: 'job' }>): Promise<void> {
    this.opts.onEvent?.({ type: 'job', device: this, kind: m.kind, jobId: m.job_id });
    const result = (ok: boolean, output: string, configHash?: string) =>
      this.send({ type: 'job_result', job_id: m.job_id, ok, output, ...(configHash ? { config_hash: configHash } : {}) });
    const answer = (ok: boolean, output: string, configHash?: string) => {
      const seq = result(ok, output, configHash);
      if (this.opts.onEvent) void this.waitAck(seq).then(() => this.opts.onEvent?.({ type: 'job_answered', device: this, jobId: m.job_id, ok }));
    };
    switch (m.kind) {
      case 'reboot': {
        // Acknowledged before going down, so the console sees the job done rather than lost.
        await this.waitAck(result(true, 'rebooting'));
        if (this._state !== 'connected') return;
        this.setState('rebooting');
        this.clearTimers();
        for (const e of this.exporters) e.pause();
        this.ws?.close(1000, 'rebooting');
        const [min, max] = this.opts.rebootMs ?? [3000, 8000];
        this.later(randomBetween(this.opts.random, min, max), () => this.connect());
        return;
      }
      case 'apply_config':
      case 'full_sync': {
        if (this.revertedJobs.has(m.job_id)) {
          answer(false, 'reverted after the management connection was lost; not applied again');
          return;
        }
        const outcome = applyConfig(m.payload);
        if (!outcome.ok) {
          answer(false, outcome.error);
          return;
        }
        const window = this.opts.confirmWindowMs ?? CONFIRM_WINDOW_MS;
        this.unconfirmed = { jobId: m.job_id, hash: this.configHash, config: this.runningConfig, until: Date.now() + window };
        this.configHash = outcome.hash;
        this.run(outcome.document ?? this.runningConfig);
        this.opts.onSave?.(this);
        answer(true, `${m.kind === 'full_sync' ? 'full configuration' : 'configuration'} applied`, outcome.hash);
        return;
      }
      case 'status': {
        const kind = m.payload.kind;
        if (!isStatusKind(kind)) return answer(false, `unknown status kind ${String(kind)}`);
        this.send({ type: 'status', job_id: m.job_id, at: new Date().toISOString(), snapshot: this.snapshotOf(kind) });
        answer(true, 'status sent');
        return;
      }
      case 'diagnostics':
        result(true, this.behaviour.diagnostics());
        return;
      default:
        result(false, `unsupported job ${String(m.kind)}`);
    }
  }

  private onClose(ws: WebSocket, code: number, reason: string): void {
    if (this.ws !== ws) return;
    this.ws = null;
    for (const e of this.exporters) e.outbox.disconnected();
    this.revertUnconfirmed();
    for (const resolve of this.acks.values()) resolve();
    this.acks.clear();
    this.lastClose = { code, reason };
    this.opts.onEvent?.({ type: 'closed', device: this, code, reason });
    if (this._state === 'stopped' || this._state === 'away' || this._state === 'rebooting') return;
    this.clearTimers();
    if (code === AGENT_CLOSE.badCredentials.code && this.credential) {
      // The server does not know this credential (a new database): enrol afresh with the key.
      this.credential = null;
      this.opts.onSave?.(this);
    }
    this.setState('backoff');
    this.lastBackoffMs = backoffDelay(this.attempt++, this.opts.random, this.opts.backoff ?? DEFAULT_BACKOFF);
    this.later(this.lastBackoffMs, () => this.connect());
  }
}
