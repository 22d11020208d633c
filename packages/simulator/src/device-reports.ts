import { PUSHED_STATUS_KINDS, emptySnapshot, type StatusKind, type StatusSnapshot } from '@netloom/domain';
import type { DeviceBehaviour } from './behaviour';
import type { DeviceConfig } from './device-config';
import { randomBetween, type Random } from './prng';
import type { Peer } from './router-model';
import { CONNECTOR_HEALTH_INTERVAL_S } from './connector-health';
import { NAC_REPORT_INTERVAL_S } from './nac-hosts';

/** System and BGP snapshots go out unasked every this many heartbeats (about a minute at 10 s). */
const PUSH_STATUS_EVERY_TICKS = 6;
/** Metrics batches kept until acknowledged, newest first to go when a long outage fills it. */
const UNACKED_METRICS = 32;

export interface ReportOptions {
  /** Timing randomness (jitter, backoff), kept apart from the behaviour's stream. */
  random: Random;
  /** Heartbeat period varies by ± this share, so devices started together drift apart. */
  heartbeatJitter?: number;
  /** Chance per heartbeat that someone changes a gateway's configuration on the box (`--drift`). */
  driftChance?: number;
  /** The gateway of the fleet at a public address, for tunnels between simulated gateways. */
  findPeer?: (address: string) => Peer | undefined;
  /** Seconds between an app connector's health reports (CONNECTOR_HEALTH_INTERVAL_S by default); 0: none. */
  connectorIntervalS?: number;
  /** Seconds between a gateway's reports of the hosts on its LANs (NAC_REPORT_INTERVAL_S by default); 0: none. */
  nacIntervalS?: number;
  /** The fleet's zero-trust connections open now through this app connector (the endpoints' clients know them). */
  activeSessionsThrough?: (connectorId: string) => number;
}

/** What the reports need of their device. */
export interface ReportHost {
  readonly behaviour: DeviceBehaviour;
  readonly config: DeviceConfig;
  readonly opts: ReportOptions;
  deviceId(): string | null;
  /** The heartbeat period the server asked for. */
  intervalMs(): number;
  connected(): boolean;
  /** Sends a message; its sequence number. */
  send(body: Record<string, unknown>): number;
  /** Sends a message again with the sequence number it had, if the socket is open. */
  resend(seq: number, body: Record<string, unknown>): void;
  /** Runs `fn` after `ms` unless the device's timers are cleared first (they go with the connection). */
  later(ms: number, fn: () => void): void;
  /** Someone changes the configuration on the box. */
  driftNow(): void;
  /** Something worth keeping changed (what the behaviour keeps). */
  save(): void;
}

/**
 * What a connected device reports unasked: a heartbeat every period (metrics every few, resent
 * until acknowledged; system and BGP snapshots now and then), an app connector's health and the
 * hosts on a gateway's LANs.
 */
export class DeviceReports {
  private ticks = 0;
  /** Metrics sent but not acknowledged (a drop, a server that could not store them): sent again, same seq, on the next connection. */
  private readonly unackedMetrics = new Map<number, Record<string, unknown>>();
  /** What the behaviour kept last time it was saved: a change (a client update installed) is saved. */
  private persistedJson: string;

  constructor(private readonly host: ReportHost) {
    this.persistedJson = JSON.stringify(host.behaviour.persisted?.() ?? {});
  }

  /** Back on line: the metrics the server has not acknowledged go again. */
  resendUnacked(): void {
    for (const [seq, body] of this.unackedMetrics) this.host.resend(seq, body);
  }

  /** The heartbeat cycle and the periodic reports start; they stop when the device's timers are cleared. */
  start(): void {
    const { opts } = this.host;
    this.tick();
    this.reportEvery(opts.connectorIntervalS ?? CONNECTOR_HEALTH_INTERVAL_S, () => this.sendConnectorHealth());
    this.reportEvery(opts.nacIntervalS ?? NAC_REPORT_INTERVAL_S, () => this.sendNacHosts());
  }

  acked(seq: number): void {
    this.unackedMetrics.delete(seq);
  }

  snapshot(kind: StatusKind): StatusSnapshot {
    const { behaviour, config, opts } = this.host;
    return behaviour.statusSnapshot?.(kind, config.document, opts.findPeer ?? (() => undefined)) ?? emptySnapshot(kind);
  }

  private tick(): void {
    const { behaviour, config, opts } = this.host;
    if (!this.host.connected()) return;
    const at = new Date();
    // Now and then the box sends what tenant-wide pages list (system, BGP) without being asked.
    if (this.ticks % PUSH_STATUS_EVERY_TICKS === 0 && behaviour.statusSnapshot) {
      for (const kind of PUSHED_STATUS_KINDS) this.host.send({ type: 'status', at: at.toISOString(), snapshot: this.snapshot(kind) });
    }
    // No draw without --drift: the timing stream (jitter, back-off) stays what it was.
    const chance = opts.driftChance ?? 0;
    if (chance > 0 && opts.random() < chance) this.host.driftNow();
    config.confirmDue();
    const tunnels = behaviour.tunnels?.(config.document, opts.findPeer ?? (() => undefined)) ?? [];
    this.host.send({ type: 'heartbeat', ...behaviour.heartbeat(at, config.hash), ...(tunnels.length ? { ipsec: tunnels } : {}) });
    this.savePersistedChange();
    if (this.ticks++ % behaviour.metricsEvery === 0) {
      const body = { type: 'metrics', ...behaviour.metrics(at) };
      this.unackedMetrics.set(this.host.send(body), body);
      if (this.unackedMetrics.size > UNACKED_METRICS) this.unackedMetrics.delete(this.unackedMetrics.keys().next().value!);
    }
    const jitter = opts.heartbeatJitter ?? 0.1;
    this.host.later(this.host.intervalMs() * (1 + randomBetween(opts.random, -jitter, jitter)), () => this.tick());
  }

  /** What the behaviour keeps changed (a client update got installed): saved. */
  private savePersistedChange(): void {
    const json = JSON.stringify(this.host.behaviour.persisted?.() ?? {});
    if (json === this.persistedJson) return;
    this.persistedJson = json;
    this.host.save();
  }

  /**
   * A report that goes out while connected: the first soon after going live (spread, so a fleet
   * does not report at once), then every `intervalS`; the timers go with the connection.
   */
  private reportEvery(intervalS: number, report: () => void): void {
    if (!(intervalS > 0)) return;
    const next = (ms: number) =>
      this.host.later(ms, () => {
        if (!this.host.connected()) return;
        report();
        next(intervalS * 1000);
      });
    next(Math.min(intervalS * 1000, randomBetween(this.host.opts.random, 500, 3000)));
  }

  /** An app connector's health: its published servers reachable or not, and the sessions it carries now. */
  private sendConnectorHealth(): void {
    const id = this.host.deviceId();
    const health = this.host.behaviour.connectorHealth?.(new Date(), id ? (this.host.opts.activeSessionsThrough?.(id) ?? 0) : 0);
    if (health) this.host.send({ type: 'connector_health', ...health });
  }

  /** The hosts on a gateway's LANs, with what it enforces for each. */
  private sendNacHosts(): void {
    const hosts = this.host.behaviour.nacHosts?.(new Date());
    if (hosts) this.host.send({ type: 'nac_hosts', ...hosts });
  }
}
