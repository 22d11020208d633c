import type { AccessDecision, PostureReport, ZtnaSection, ZtnaSession, ZtnaSessionsMessage } from '@netloom/domain';
import type { EndpointProfile } from './profiles';
import { mulberry32, pick, seedFrom, type Random } from './prng';
import { SectionTimeline } from './section-timeline';
import { measureRelays } from './ztna-relays';
import {
  attemptTimes,
  chooseAttempt,
  decideAttempt,
  DEFAULT_ATTEMPTS_PER_MINUTE,
  postureForSection,
  sessionUsage,
  type ZtnaAttempt,
  type ZtnaUser,
} from './ztna-sessions';

export interface ZtnaClientOptions {
  /** Connections a keen user tries per minute at the busiest hour. */
  attemptsPerMinute?: number;
  /** No connection lasts longer than this (seconds): a test or a journey sees sessions close soon. */
  maxSessionS?: number;
  /** How long after a configuration names a new client version the client runs it (the download and install). */
  updateDelayMs?: number;
}

/** Two hours: a remote desktop left open over lunch. */
export const DEFAULT_MAX_SESSION_S = 2 * 3600;
export const DEFAULT_UPDATE_DELAY_MS = 30_000;

/** What the client keeps across runs (the state file): the version it installed. */
export interface ZtnaClientState {
  client_version?: string;
}

interface OpenSession {
  attempt: ZtnaAttempt;
  decision: AccessDecision;
  connectorId: string;
  endMs: number;
  bytesIn: number;
  bytesOut: number;
}

const sessionOf = (
  user: string,
  a: ZtnaAttempt,
  d: AccessDecision,
  connectorId: string | null,
  usage: { durationMs: number; bytesIn: number; bytesOut: number },
): ZtnaSession => ({
  at: new Date(a.atMs).toISOString(),
  user,
  server_id: a.server?.id ?? null,
  destination: a.destination,
  protocol: a.protocol,
  port: a.port,
  action: d.action,
  rule: d.rule,
  policy_id: d.policy?.id ?? null,
  policy_name: d.policy?.name ?? null,
  failed_condition: d.failed?.condition ?? null,
  connector_id: connectorId,
  duration_ms: usage.durationMs,
  bytes_in: usage.bytesIn,
  bytes_out: usage.bytesOut,
});

const NOTHING = { durationMs: 0, bytesIn: 0, bytesOut: 0 };

/**
 * The MicroZAccess client of an endpoint: it runs the `ztna` section of its configuration, and as
 * its user works it tries the servers offered (now and then a port not published or a name not
 * offered), deciding each connection with the domain's access decision and its own posture. An
 * allowed connection goes through an app connector of the server's site and is reported once
 * closed, with its length and bytes; a denied one at once, with the deciding policy and the
 * posture condition that failed. A new client version named by its configuration is installed a
 * little later and reported from then on.
 */
export class ZtnaClient {
  private readonly sections = new SectionTimeline<ZtnaSection>();
  private open: OpenSession[] = [];
  /** The versions it ran, oldest first, each from when it was installed. */
  private versions: { fromMs: number; version: string }[];
  private pending: { version: string; dueMs: number } | null = null;
  private readonly random: Random;
  private readonly relayRandom: Random;
  private readonly who: ZtnaUser;

  constructor(
    private readonly profile: EndpointProfile,
    saved: ZtnaClientState | undefined,
    private readonly opts: ZtnaClientOptions = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.versions = [{ fromMs: 0, version: saved?.client_version ?? profile.version }];
    this.random = mulberry32(seedFrom(profile.serial, 'ztna'));
    this.relayRandom = mulberry32(seedFrom(profile.serial, 'relays'));
    this.who = { user: profile.user, mobile: profile.osFamily === 'android' || profile.osFamily === 'ios' };
  }

  /** The configuration running from `atMs` on has this `ztna` section (none: the client does nothing). */
  ran(section: ZtnaSection | null | undefined, atMs: number = this.clock()): void {
    this.sections.ran(section, atMs);
    this.installDue(atMs);
    const target = section?.client_update?.version ?? null;
    if (!target || target === this.installed) this.pending = null;
    else if (this.pending?.version !== target) this.pending = { version: target, dueMs: atMs + (this.opts.updateDelayMs ?? DEFAULT_UPDATE_DELAY_MS) };
    this.cutDenied(section ?? null, atMs);
  }

  /** When the client update it was told of installs; null: none pending. */
  get updateDueMs(): number | null {
    return this.pending?.dueMs ?? null;
  }

  private get installed(): string {
    return this.versions[this.versions.length - 1]!.version;
  }

  /** The client version it runs now (an update due by now is installed first). */
  clientVersion(nowMs: number = this.clock()): string {
    this.installDue(nowMs);
    return this.installed;
  }

  private installDue(nowMs: number): void {
    if (!this.pending || nowMs < this.pending.dueMs) return;
    this.versions.push({ fromMs: this.pending.dueMs, version: this.pending.version });
    this.pending = null;
  }

  /** Its posture as the agent reports it now. */
  posture(nowMs: number = this.clock()): PostureReport {
    return { ...this.profile.posture, client_version: this.clientVersion(nowMs) };
  }

  private postureAt(atMs: number): PostureReport {
    const version = [...this.versions].reverse().find((v) => v.fromMs <= atMs) ?? this.versions[0]!;
    return { ...this.profile.posture, client_version: version.version };
  }

  saved(): ZtnaClientState {
    return { client_version: this.installed };
  }

  /**
   * A configuration that no longer allows an open connection closes it there and then: the
   * policies decide every connection, not only new ones.
   */
  private cutDenied(section: ZtnaSection | null, atMs: number): void {
    for (const o of this.open) {
      if (o.endMs <= atMs) continue;
      const still = section ? decideAttempt(section, o.attempt, null, postureForSection(this.profile.os, this.postureAt(atMs), section)) : null;
      if (still?.action === 'allow') continue;
      const share = Math.max(0, atMs - o.attempt.atMs) / Math.max(1, o.endMs - o.attempt.atMs);
      o.endMs = Math.max(o.attempt.atMs, atMs);
      o.bytesIn = Math.round(o.bytesIn * share);
      o.bytesOut = Math.round(o.bytesOut * share);
    }
  }

  /**
   * The connections of the `intervalS` before `at` to report: the denied ones tried in it, and
   * every allowed one that has closed by `at` (some were opened intervals ago).
   */
  sessions(at: Date, intervalS: number, endpointId: string | null): ZtnaSession[] {
    const nowMs = at.getTime();
    const user = this.profile.user;
    const out: ZtnaSession[] = [];
    for (const t of attemptTimes(at, intervalS, this.profile.lng, this.opts.attemptsPerMinute ?? DEFAULT_ATTEMPTS_PER_MINUTE, this.random)) {
      const section = this.sections.at(t);
      if (!section) continue;
      const attempt = chooseAttempt(section, t, this.who, this.random);
      if (!attempt) continue;
      const decision = decideAttempt(section, attempt, endpointId, postureForSection(this.profile.os, this.postureAt(t), section));
      const connectors = decision.action === 'allow' && attempt.server ? (section.connectors[attempt.server.site] ?? []) : [];
      // Denied, or allowed with no app connector to carry it: nothing flows.
      if (connectors.length === 0) {
        out.push(sessionOf(user, attempt, decision, null, NOTHING));
        continue;
      }
      const usage = sessionUsage(attempt, this.opts.maxSessionS ?? DEFAULT_MAX_SESSION_S, this.random);
      this.open.push({ attempt, decision, connectorId: pick(this.random, connectors), endMs: t + usage.durationMs, ...usage });
    }
    const closed = this.open.filter((o) => o.endMs <= nowMs);
    this.open = this.open.filter((o) => o.endMs > nowMs);
    for (const o of closed)
      out.push(sessionOf(user, o.attempt, o.decision, o.connectorId, { durationMs: o.endMs - o.attempt.atMs, bytesIn: o.bytesIn, bytesOut: o.bytesOut }));
    this.sections.forget(nowMs);
    return out;
  }

  /** What it measured to the relays of the section it runs now. */
  relays(): ZtnaSessionsMessage['relays'] {
    const relays = this.sections.latest?.relays ?? [];
    return measureRelays(relays, this.profile, this.profile.baseLatencyMs, this.relayRandom);
  }

  /** Connections open now through an app connector (the connector's health counts them). */
  activeThrough(connectorId: string, nowMs: number = this.clock()): number {
    return this.open.filter((o) => o.connectorId === connectorId && o.attempt.atMs <= nowMs && o.endMs > nowMs).length;
  }
}
