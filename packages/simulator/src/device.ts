import {
  AGENT_CLOSE,
  AGENT_PROTOCOL_VERSION,
  CONFIRM_WINDOW_MS,
  diagnosticParamsSchema,
  type DemResult,
  type DemResultsMessage,
  wafVulnJobSchema,
  type ConfigDocument,
  type ServerMessage,
  type UrlEvent,
  type UrlEventsMessage,
  type WafEventsMessage,
  type ZtnaSession,
  type ZtnaSessionsMessage,
} from '@netloom/domain';
import { backoffDelay, DEFAULT_BACKOFF, tryTimeout, type BackoffOptions } from './backoff';
import type { BatchExporter } from './batch-exporter';
import { DeviceConfig } from './device-config';
import { deviceExports, type ExportOptions, type PeriodicExport } from './device-exports';
import { runJob, type JobHost } from './device-jobs';
import { DiagnosticRunner } from './diagnostic-runner';
import { LiveDiagnostics } from './live-diagnostics';
import { DeviceReports, type ReportOptions } from './device-reports';
import type { DeviceBehaviour } from './behaviour';
import type { DeviceCredential, SavedDevice } from './saved-device';
import type { FlowExporter } from './flow-exporter';
import { ManagementLink } from './management-link';
import { PendingAcks } from './pending-acks';
import { randomBetween } from './prng';
import type { WafRecord } from './waf-export';
import { Timers } from './timers';
import type { OptionalExportType } from './optional-exports';

export type { DeviceCredential, SavedDevice } from './saved-device';

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
  | { type: 'ztna_sessions_dropped'; device: SimulatedDevice; batches: number; records: number }
  /** A WAF edge's event batches dropped the same way (`records`: requests and attacks). */
  | { type: 'waf_events_dropped'; device: SimulatedDevice; batches: number; records: number }
  /** An endpoint's DEM result batches dropped the same way (`records`: test runs). */
  | { type: 'dem_results_dropped'; device: SimulatedDevice; batches: number; records: number }
  /** Batches of an evidence export (DNS queries, IDS alerts, IoT devices or telemetry) dropped the same way. */
  | { type: 'evidence_dropped'; device: SimulatedDevice; message: OptionalExportType; batches: number; records: number }
  /** The server refused a newer message type (closed the connection as malformed over it): that export is off for the run. */
  | { type: 'export_refused'; device: SimulatedDevice; message: OptionalExportType; reason: string };

/** A device's options; those of its exports and of its reports are theirs. */
export interface SimulatedDeviceOptions extends ExportOptions, ReportOptions {
  url: string;
  enrolmentKey: string;
  behaviour: DeviceBehaviour;
  saved?: SavedDevice;
  backoff?: BackoffOptions;
  rebootMs?: [number, number];
  onEvent?: (event: DeviceEvent) => void;
  /** Called when something worth persisting changed (credential, applied configuration). */
  onSave?: (device: SimulatedDevice) => void;
  /** Confirm-or-revert window after applying a configuration (CONFIRM_WINDOW_MS unless a test shortens it). */
  confirmWindowMs?: number;
  /** A throughput test's far end: the capacity of the fleet's gateway at that address, if it is one (Mbps). */
  peerCapacityMbps?: (address: string) => number | undefined;
  /**
   * A real box (the agent) cuts its connection when the server has said nothing for this long: a
   * path cut without a word (a bad push) would otherwise hold a dead socket for many minutes, and
   * confirm-or-revert would never see it go. It pings the server three times in that span, so a
   * server whose heartbeat period is longer is not taken for dead.
   */
  silenceMs?: number;
}

/** One device speaking the agent protocol (DESIGN.md "Live channels") over a real websocket. */
export class SimulatedDevice {
  private readonly link: ManagementLink;
  private _state: DeviceState = 'idle';
  private credential: DeviceCredential | null;
  /** What it runs, and the confirm-or-revert window of its last push. */
  private readonly config: DeviceConfig;
  /** Its heartbeats and the rest it reports unasked while connected. */
  private readonly reports: DeviceReports;
  private attempt = 0;
  private intervalMs = 10_000;
  /** Its timers (heartbeats, reports, reconnection): cleared when the connection ends. */
  private readonly timers = new Timers();
  private readonly acks = new PendingAcks();
  /** Cuts a connection the server has gone silent on (silenceMs). */
  private silence: NodeJS.Timeout | null = null;
  /** The console's diagnostics running on the box (a gateway's). */
  private readonly runs = new DiagnosticRunner({ send: (body) => this.link.send(body) });
  /** The same, run as processes of a real box (the agent). */
  private readonly liveRuns = new LiveDiagnostics({ send: (body) => this.link.send(body) });
  /** Vulnerability tests running (a WAF edge's), stopped by job_stop or a lost connection. */
  private readonly vulnTests = new Map<string, { stop: AbortController; done: Promise<{ ok: boolean; output: string }> }>();
  /** Flow records swept every export interval and kept until acknowledged. */
  readonly flowExport: FlowExporter;
  /** Its users' web requests, decided, swept every export interval and kept until acknowledged. */
  readonly urlExport: BatchExporter<UrlEvent, UrlEventsMessage>;
  /** Its zero-trust client's connections, decided, swept every export interval and kept until acknowledged. */
  readonly ztnaExport: BatchExporter<ZtnaSession, ZtnaSessionsMessage>;
  /** A WAF edge's access and audit logs, swept every export interval and kept until acknowledged. */
  readonly wafExport: BatchExporter<WafRecord, WafEventsMessage>;
  /** An endpoint's digital experience test runs, swept every export interval and kept until acknowledged. */
  readonly demExport: BatchExporter<DemResult, DemResultsMessage>;
  /** The evidence NDR and the IoT Gateway read (DNS queries, IDS alerts, an IoT site's devices and telemetry), each switched off if the server refuses it. */
  readonly evidenceExports: PeriodicExport[];
  /** Their exporters, for tests that sweep an interval by hand. */
  readonly evidenceExporters: ReturnType<typeof deviceExports>['evidenceExporters'];
  lastClose: { code: number; reason: string } | null = null;
  /** How long it waited before its last reconnection (its jittered back-off). */
  lastBackoffMs: number | null = null;

  constructor(private readonly opts: SimulatedDeviceOptions) {
    this.credential = opts.saved?.credential ?? null;
    this.link = new ManagementLink(opts.url, opts.saved?.seq ?? 0);
    const save = () => this.opts.onSave?.(this);
    this.config = new DeviceConfig(
      opts.saved?.config_hash ?? null,
      opts.confirmWindowMs ?? CONFIRM_WINDOW_MS,
      (doc) => opts.behaviour.configure?.(doc),
      save,
      (doc) => (opts.behaviour.cannotRun ? opts.behaviour.cannotRun(doc) : null),
    );
    if (opts.saved?.config) this.config.document = opts.saved.config;
    if (opts.saved?.behaviour) opts.behaviour.restore?.(opts.saved.behaviour);
    this.reports = new DeviceReports({
      behaviour: opts.behaviour,
      config: this.config,
      opts,
      deviceId: () => this.deviceId,
      intervalMs: () => this.intervalMs,
      connected: () => this._state === 'connected',
      send: (body) => this.link.send(body),
      resend: (seq, body) => this.link.resend(seq, body),
      later: (ms, fn) => this.timers.later(ms, fn),
      driftNow: () => this.driftNow(),
      save,
    });
    const exports = deviceExports(opts.behaviour, opts, {
      deviceId: () => this.deviceId,
      nextSeq: () => this.link.nextSeq(),
      transmit: (message) => this._state === 'connected' && this.link.transmit(message),
      webFilters: this.config.webFilters,
      dropped: (type, dropped, message) =>
        this.opts.onEvent?.(type === 'evidence_dropped' ? { type, device: this, message: message!, ...dropped } : { type, device: this, ...dropped }),
    });
    this.flowExport = exports.flowExport;
    this.urlExport = exports.urlExport;
    this.ztnaExport = exports.ztnaExport;
    this.wafExport = exports.wafExport;
    this.demExport = exports.demExport;
    this.evidenceExports = Object.values(exports.evidence);
    this.evidenceExporters = exports.evidenceExporters;
  }

  /** Its periodic exports, each with its own outbox (flows, URL events, zero-trust sessions, WAF events, DEM results). */
  private get exporters(): PeriodicExport[] {
    return [this.flowExport, this.urlExport, this.ztnaExport, this.wafExport, this.demExport, ...this.evidenceExports];
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
  /** The configuration document it runs, as last applied (null until a push carries one). */
  get runningConfig(): ConfigDocument | null {
    return this.config.document;
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
    const document = this.behaviour.apply ? { config: this.config.document } : {};
    return { credential: this.credential, seq: this.link.lastSeq, config_hash: this.config.hash, ...document, ...(behaviour ? { behaviour } : {}) };
  }

  start(delayMs = 0): void {
    if (this._state !== 'idle') return;
    this.timers.later(delayMs, () => this.connect());
  }

  /** The management link is cut (a cable, a bad push): the socket dies without a close handshake. */
  cutConnection(): void {
    this.link.cut();
  }

  /** Goes offline the way a real agent does when shut down: close 1000, nothing left running. */
  async stop(): Promise<void> {
    this.setState('stopped');
    this.timers.clear();
    if (this.silence) clearTimeout(this.silence);
    for (const e of this.exporters) e.stop();
    await this.link.shutDown();
  }

  private setState(state: DeviceState): void {
    if (this._state === state || this._state === 'stopped') return;
    this._state = state;
    this.opts.onEvent?.({ type: 'state', device: this, state });
  }

  private connect(): void {
    if (this._state === 'stopped') return;
    this.setState('connecting');
    // A try the server does not answer (an instance gone without a word behind the balancer) is given up soon; longer after each failure.
    this.link.connect(tryTimeout(this.attempt), {
      opened: () => {
        const auth = this.credential ? { kind: 'credential', ...this.credential } : { kind: 'enrol', enrolment_key: this.opts.enrolmentKey };
        this.link.send({ type: 'hello', protocol: AGENT_PROTOCOL_VERSION, auth, ...this.behaviour.hello() });
      },
      received: (message) => this.receive(message),
      closed: (code, reason) => this.onClose(code, reason),
      ponged: () => this.heard(),
    });
  }

  private receive(m: ServerMessage): void {
    this.heard();
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
        this.acks.acked(m.seq);
        this.reports.acked(m.seq);
        for (const e of this.exporters) if (e.outbox.acked(m.seq)) e.probe?.acked();
        return;
      case 'busy':
        // Only batches (flows, URL events, sessions) are answered so (each outbox knows its own seqs); anything else unacknowledged is resent on the next connection.
        for (const e of this.exporters) e.outbox.busy(m.seq, m.retry_after_ms);
        return;
      case 'job':
        this.opts.onEvent?.({ type: 'job', device: this, kind: m.kind, jobId: m.job_id });
        void runJob(m, this.jobHost());
        return;
      case 'job_stop':
        this.runs.stop(m.job_id);
        this.liveRuns.stop(m.job_id);
        this.vulnTests.get(m.job_id)?.stop.abort();
        return;
    }
  }

  /** Pings the server while connected (silenceMs): its pongs keep the connection counted alive. */
  private keepAlive(): void {
    const ms = this.opts.silenceMs;
    if (!ms || this._state !== 'connected') return;
    this.link.ping();
    this.timers.later(ms / 3, () => this.keepAlive());
  }

  /** The server spoke: the connection is alive; silence from now on is counted again. */
  private heard(): void {
    const ms = this.opts.silenceMs;
    if (!ms) return;
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => this.cutConnection(), ms);
    this.silence.unref?.();
  }

  private keepCredential(credential: DeviceCredential): void {
    this.credential = credential;
    this.opts.onEvent?.({ type: 'enrolled', device: this, deviceId: credential.device_id });
    this.opts.onSave?.(this);
  }

  /** What a job from the server does to this device. */
  private jobHost(): JobHost {
    const { onEvent } = this.opts;
    return {
      send: (body) => this.link.send(body),
      waitAck: (seq) => this.acks.wait(seq),
      ...(onEvent ? { answered: (jobId: string, ok: boolean) => onEvent({ type: 'job_answered', device: this, jobId, ok }) } : {}),
      reboot: () => this.reboot(),
      applyPush: (jobId, payload) => {
        const apply = this.behaviour.apply?.bind(this.behaviour);
        return apply ? this.config.pushApplied(jobId, payload, apply) : this.config.push(jobId, payload);
      },
      snapshot: async (kind) => {
        await this.behaviour.refresh?.();
        return this.reports.snapshot(kind);
      },
      diagnostics: () => this.behaviour.diagnostics(),
      runDiagnostic: (jobId, payload) => {
        const params = diagnosticParamsSchema.safeParse(payload);
        const live = this.behaviour.startDiagnostic?.bind(this.behaviour);
        if (params.success && live) return this.liveRuns.start(jobId, (io) => live(params.data, io, payload.peer));
        const peerCapacityMbps = this.opts.peerCapacityMbps ?? (() => undefined);
        const plan = params.success ? this.behaviour.diagnosticPlan?.(params.data, jobId, { peerCapacityMbps, peer: payload.peer }) : undefined;
        if (!plan) return false;
        this.runs.start(jobId, plan);
        return true;
      },
      vulnTest: (jobId, payload) => {
        const job = wafVulnJobSchema.safeParse(payload);
        const run = this.behaviour.vulnTest?.bind(this.behaviour);
        if (!job.success || !run) return null;
        // Delivered again while it runs (at least once): the same run answers it.
        const running = this.vulnTests.get(jobId);
        if (running) return running.done;
        const stop = new AbortController();
        let chunk = 0;
        const progress = (sent: number) => this.link.send({ type: 'job_output', job_id: jobId, chunk: chunk++, data: JSON.stringify({ sent }) });
        const done = run(job.data, stop.signal, progress)
          .then(
            (output) => ({ ok: true, output }),
            (err: Error) => ({ ok: false, output: err.message }),
          )
          .finally(() => this.vulnTests.delete(jobId));
        this.vulnTests.set(jobId, { stop, done });
        return done;
      },
    };
  }

  /** Someone changes the configuration on the box: a real box says what runs now (`running`); a simulated one grows a route. */
  driftNow(running?: ConfigDocument): void {
    if (this.behaviour.kind !== 'gateway' || !this.config.driftLocally(running)) return;
    // A real agent notices its configuration changed under it and says what it runs now, whole.
    if (this._state === 'connected') this.link.send({ type: 'config_changed', config_hash: this.config.hash, document: this.config.document });
  }

  private goLive(): void {
    if (this._state === 'stopped') return;
    this.attempt = 0;
    this.setState('connected');
    // A push undone while it was away is told first.
    const reverted = this.config.takeRevertReport();
    if (reverted) this.link.send({ ...reverted });
    this.reports.resendUnacked();
    for (const e of this.exporters) {
      e.outbox.connected();
      e.run();
    }
    this.reports.start();
    this.keepAlive();
    const session = this.behaviour.sessionMs();
    if (session) this.timers.later(session.online, () => this.goAway(session.away));
  }

  /** The user signs off (close 1000: offline at once) and comes back later. */
  private goAway(awayMs: number): void {
    if (this._state !== 'connected') return;
    this.setState('away');
    this.timers.clear();
    for (const e of this.exporters) e.pause();
    this.link.close(1000, 'user signed off');
    this.timers.later(awayMs, () => this.connect());
  }

  /** A reboot job: down (close 1000) for a few seconds, then back. */
  private reboot(): void {
    if (this._state !== 'connected') return;
    this.setState('rebooting');
    this.timers.clear();
    for (const e of this.exporters) e.pause();
    this.link.close(1000, 'rebooting');
    const [min, max] = this.opts.rebootMs ?? [3000, 8000];
    this.timers.later(randomBetween(this.opts.random, min, max), () => this.connect());
  }

  private onClose(code: number, reason: string): void {
    if (this.silence) clearTimeout(this.silence);
    this.runs.clear();
    this.liveRuns.clear();
    for (const t of this.vulnTests.values()) t.stop.abort();
    for (const e of this.exporters) {
      e.outbox.disconnected();
      // A newer message type the server does not take is switched off; the device comes back with the rest.
      if (!e.probe?.closed(code, reason)) continue;
      e.stop();
      this.opts.onEvent?.({ type: 'export_refused', device: this, message: e.probe.type, reason: e.probe.refusal! });
    }
    // Confirm-or-revert: a push that may be what cut the connection is undone.
    if (this._state !== 'stopped') this.config.connectionLost();
    this.acks.releaseAll();
    this.lastClose = { code, reason };
    this.opts.onEvent?.({ type: 'closed', device: this, code, reason });
    if (this._state === 'stopped' || this._state === 'away' || this._state === 'rebooting') return;
    this.timers.clear();
    if (code === AGENT_CLOSE.badCredentials.code && this.credential) {
      // The server does not know this credential (a new database): enrol afresh with the key.
      this.credential = null;
      this.opts.onSave?.(this);
    }
    this.setState('backoff');
    this.lastBackoffMs = backoffDelay(this.attempt++, this.opts.random, this.opts.backoff ?? DEFAULT_BACKOFF);
    this.timers.later(this.lastBackoffMs, () => this.connect());
  }
}
