import { rename, stat, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  configHash,
  EDGE_RULE_IDS,
  WAF_EDGE_DEVICE_TYPE,
  type ConfigDocument,
  type WafAttack,
  type WafRequest,
  type WafSection,
  type WafVulnJob,
} from '@netloom/domain';
import type { DeviceBehaviour, HeartbeatBody, HelloBody, MetricsBody, WafTraffic } from '@netloom/simulator';
import type { ApiGuard } from './host/api-guard';
import type { NginxWaf } from './host/nginx';
import { wafCannotRun } from './render/nginx-waf';
import type { AccessLine, WafLogs } from './host/waf-logs';
import type { Identity } from './linux-gateway';
import { runVulnTest } from './vuln-test';

/** Records the edge keeps unreported at most (an outage of the management link): the newest go on being kept, attacks first. */
const KEPT_MAX = 200_000;
/** A log past this size is started afresh once read (the server keeps the history). */
const ROTATE_BYTES = 64 * 1024 * 1024;
/** A flood ends when the application's rate stays below its threshold this long. */
const CALM_MS = 30_000;

export interface WafEdgeOptions {
  identity: Identity;
  nginx: NginxWaf;
  logs: WafLogs;
  /** The agent's servers nginx asks (the DPoP checker, the challenge issuer): stopped with the edge. */
  helpers: { stop(): Promise<void> }[];
  /** The API guard (GraphQL limits, login protection), told the applications of every push it serves. */
  guard?: Pick<ApiGuard, 'serve'>;
  /** Seconds between reads of the logs (flood detection and the health checks go by it). */
  pollMs?: number;
  /** Bytes past which a log is started afresh once read (ROTATE_BYTES unless a test lowers it). */
  rotateBytes?: number;
  /** Probes an origin's health path: whether it answered (any status below 500) within a few seconds. */
  probe?: (url: string) => Promise<boolean>;
  log: (line: string) => void;
}

async function httpProbe(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000), redirect: 'manual' });
    await res.body?.cancel();
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * The Netloom agent as a WAF edge (hello device_type 'waf-edge'): it serves the `waf` section's
 * applications through its own nginx with ModSecurity and the OWASP CRS, and reports its access
 * and audit logs as `waf_events`. Between pushes it watches each application's request rate (a
 * flood turns on the DDoS section's strict per-client rate until it calms) and its origins'
 * health (an origin that fails its check is taken out of the upstream until it answers again).
 */
export class WafEdge implements DeviceBehaviour {
  readonly kind = 'gateway' as const;
  readonly metricsEvery = 1 as const;
  private running: ConfigDocument | null = null;
  private requests: WafRequest[] = [];
  private attacks: WafAttack[] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private cpu = os.cpus().map((c) => c.times);
  private cpuPct = 0;
  /** Applications under a flood, with when their rate was last above the threshold. */
  private readonly floods = new Map<string, number>();
  private readonly down = new Map<string, Set<string>>();
  private readonly lastProbe = new Map<string, number>();

  constructor(private readonly opts: WafEdgeOptions) {}

  get serial() {
    return this.opts.identity.serial;
  }
  get name() {
    return this.opts.identity.name;
  }
  get runs(): ConfigDocument | null {
    return this.running;
  }
  private get section(): WafSection | null {
    return this.running?.waf ?? null;
  }

  /** Starts reading its logs (from their end: what came before was another run's). */
  async start(): Promise<void> {
    await this.opts.logs.skipToEnd();
    this.timer = setInterval(() => void this.poll(), this.opts.pollMs ?? 1000);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.all(this.opts.helpers.map((h) => h.stop()));
    await this.opts.nginx.stop();
  }

  hello(): HelloBody {
    const id = this.opts.identity;
    return {
      identity: { serial: id.serial, name: id.name, kind: 'gateway', device_type: WAF_EDGE_DEVICE_TYPE, ...(id.mac ? { mac: id.mac } : {}) },
      model: id.model,
      os: id.os,
      version: id.version,
    };
  }

  heartbeat(_at: Date, hash: string | null): HeartbeatBody {
    return { status: 'running', wan: [], public_ip: null, os: this.opts.identity.os, traffic: [], ...(hash ? { config_hash: hash } : {}) };
  }

  metrics(at: Date): MetricsBody {
    const now = os.cpus().map((c) => c.times);
    const busy = (t: os.CpuInfo['times']) => t.user + t.nice + t.sys + t.irq;
    const total = (t: os.CpuInfo['times']) => busy(t) + t.idle;
    const dBusy = now.reduce((s, t, i) => s + busy(t) - busy(this.cpu[i] ?? t), 0);
    const dTotal = now.reduce((s, t, i) => s + total(t) - total(this.cpu[i] ?? t), 0);
    if (dTotal > 0) this.cpuPct = Math.min(100, Math.max(0, (100 * dBusy) / dTotal));
    this.cpu = now;
    const memory = 100 * (1 - os.freemem() / os.totalmem());
    return { at: at.toISOString(), interfaces: [], ping: [], system: { cpu_pct: Math.round(this.cpuPct * 10) / 10, memory_pct: Math.round(memory * 10) / 10 } };
  }

  /** A vulnerability test: its probes go from this host straight to the application's origin (the job names it), not through this edge's WAF. */
  vulnTest(job: WafVulnJob, signal: AbortSignal, progress: (sent: number) => void): Promise<string> {
    return runVulnTest(job, signal, progress);
  }

  diagnostics(): string {
    const apps = this.section?.applications ?? [];
    return [
      `capabilities: ${this.opts.identity.capabilities.join(', ') || 'none'}`,
      `waf-edge: ${apps.length} application(s)${apps.length ? `: ${apps.map((a) => `${a.name} (${a.policy.mode}, PL${a.policy.paranoia_level})`).join(', ')}` : ''}`,
      ...[...this.floods.keys()].map((id) => `flood: strict per-client rate on ${apps.find((a) => a.id === id)?.name ?? id}`),
      ...[...this.down].flatMap(([id, urls]) => [...urls].map((u) => `origin down: ${u} (${apps.find((a) => a.id === id)?.name ?? id})`)),
    ].join('\n');
  }

  cannotRun(doc: ConfigDocument): string | null {
    return doc.waf ? wafCannotRun(doc.waf, this.opts.nginx.opts) : null;
  }

  /** A push: its `waf` section served (the edge runs nothing else), or refused with nginx's words while what ran goes on. */
  async apply(doc: ConfigDocument | null): Promise<string | null> {
    const error = await this.opts.nginx.apply(doc?.waf ?? null);
    if (!error) {
      this.running = doc;
      this.opts.guard?.serve(doc?.waf?.applications ?? []);
    }
    return error;
  }

  configure(doc: ConfigDocument | null): void {
    if ((doc ? configHash(doc) : null) === (this.running ? configHash(this.running) : null)) return;
    void this.apply(doc).then((error) => error && this.opts.log(`going back to the previous configuration failed: ${error}`));
  }

  sessionMs(): null {
    return null;
  }

  /** What the logs grew by since the last export. */
  wafEvents(): WafTraffic {
    const out = { requests: this.requests, attacks: this.attacks };
    this.requests = [];
    this.attacks = [];
    return out;
  }

  /** Reads the logs (one read at a time), then judges floods and origins' health. */
  poll(): Promise<void> {
    this.polling ??= this.pollNow()
      .catch((err: Error) => this.opts.log(`reading the WAF logs failed: ${err.message}`))
      .finally(() => {
        this.polling = null;
      });
    return this.polling;
  }

  private async pollNow(): Promise<void> {
    const read = await this.opts.logs.read();
    this.requests.push(...read.requests);
    this.attacks.push(...read.attacks);
    // Past the limit the oldest requests go first: the attack log is what the console needs most.
    if (this.requests.length + this.attacks.length > KEPT_MAX) this.requests.splice(0, this.requests.length + this.attacks.length - KEPT_MAX);
    if (this.attacks.length > KEPT_MAX) this.attacks.splice(0, this.attacks.length - KEPT_MAX);
    await this.rotate();
    const floodsChanged = this.judgeFloods(read.lines);
    const healthChanged = await this.checkHealth();
    if (floodsChanged || healthChanged) {
      const error = await this.opts.nginx.rerender({ strict: new Set(this.floods.keys()), down: this.down });
      if (error) this.opts.log(`re-rendering the WAF failed: ${error}`);
    }
  }

  /**
   * Keeps the logs from filling the disk once they are read. The access log is moved aside and
   * nginx reopens it, so nothing written meanwhile is lost. ModSecurity reopens its audit logs only
   * on a reload, so those are emptied in place (it appends): an entry written between the read and
   * the truncation, a few milliseconds, would not be reported.
   */
  private async rotate(): Promise<void> {
    const limit = this.opts.rotateBytes ?? ROTATE_BYTES;
    const logs = path.join(this.opts.nginx.prefix, 'logs');
    const access = path.join(logs, 'access.log');
    if (((await stat(access).catch(() => null))?.size ?? 0) > limit) {
      // What nginx writes until it has reopened goes to the moved file: the next read takes it from there.
      await rename(access, `${access}.1`);
      await this.opts.nginx.reopenLogs();
    }
    for (const app of this.section?.applications ?? []) {
      const audit = path.join(logs, `audit-${app.id}.log`);
      if (((await stat(audit).catch(() => null))?.size ?? 0) > limit) await truncate(audit, 0);
    }
  }

  /** Turns the strict per-client rate on for an application whose rate passed its flood threshold, off once it stayed calm. */
  private judgeFloods(lines: AccessLine[]): boolean {
    const now = Date.now();
    let changed = false;
    for (const app of this.section?.applications ?? []) {
      const ddos = app.policy.ddos;
      if (!ddos.enabled) continue;
      // The busiest second of what was read: the rate a flood is judged by.
      const perSecond = new Map<number, number>();
      for (const l of lines) if (l.app === app.id) perSecond.set(Math.floor(l.msec), (perSecond.get(Math.floor(l.msec)) ?? 0) + 1);
      const rate = Math.max(0, ...perSecond.values());
      if (rate > ddos.flood_requests_per_second) {
        if (!this.floods.has(app.id)) {
          changed = true;
          const at = new Date(now).toISOString();
          this.attacks.push({
            at,
            application_id: app.id,
            request_id: `flood-${app.id}-${now}`,
            host: app.domains[0]!,
            client_ip: '0.0.0.0',
            method: '-',
            path: '/',
            status: 0,
            action: 'rate_limited',
            anomaly_score: null,
            rules: [{ id: EDGE_RULE_IDS.ddos, message: 'Flood: strict per-client rate on', data: `${Math.round(rate)} requests/s`, tags: [], severity: 2 }],
            user_agent: null,
          });
          this.opts.log(`${app.name}: ${Math.round(rate)} requests/s, past its flood threshold: strict per-client rate on`);
        }
        this.floods.set(app.id, now);
      } else if (this.floods.has(app.id) && now - this.floods.get(app.id)! > CALM_MS) {
        this.floods.delete(app.id);
        changed = true;
        this.opts.log(`${app.name}: calm again, strict per-client rate off`);
      }
    }
    for (const id of this.floods.keys()) {
      if (!this.section?.applications.some((a) => a.id === id)) this.floods.delete(id);
    }
    return changed;
  }

  /** Probes the origins whose check is due; whether any changed between up and down. */
  private async checkHealth(): Promise<boolean> {
    const probe = this.opts.probe ?? httpProbe;
    let changed = false;
    const now = Date.now();
    for (const app of this.section?.applications ?? []) {
      const key = app.id;
      if (now - (this.lastProbe.get(key) ?? 0) < app.health_check.interval_s * 1000) continue;
      this.lastProbe.set(key, now);
      const results = await Promise.all(app.origins.map(async (o) => [o.url, await probe(o.url.replace(/\/$/, '') + app.health_check.path)] as const));
      const down = new Set(results.filter(([, ok]) => !ok).map(([url]) => url));
      // With every origin down nginx is left to try them all: an answer from one is better than none.
      if (down.size === app.origins.length) down.clear();
      const before = this.down.get(key) ?? new Set<string>();
      if (down.size !== before.size || [...down].some((u) => !before.has(u))) {
        changed = true;
        for (const u of down) if (!before.has(u)) this.opts.log(`${app.name}: origin ${u} failed its health check: taken out`);
        for (const u of before) if (!down.has(u)) this.opts.log(`${app.name}: origin ${u} answers again`);
      }
      if (down.size) this.down.set(key, down);
      else this.down.delete(key);
    }
    return changed;
  }
}
