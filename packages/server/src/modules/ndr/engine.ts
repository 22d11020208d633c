import type { FastifyBaseLogger } from 'fastify';
import { NDR_RULE_LIST, type NdrDetection, type NdrEvidence, type NdrRule, type NdrRuleState } from '@netloom/domain';
import type { Db } from '../../db/client';
import * as repo from './repo';

/** Where the engine's detections go (the service's record): stored, merged by dedupe key, alarmed. */
export type RecordDetections = (tenantId: string, detections: NdrDetection[]) => Promise<void>;

export interface NdrEngineOptions {
  /** Evidence records one tenant may have waiting; past it the oldest batches are dropped (and counted). */
  maxQueuedPerTenant: number;
  /** How often rule states are saved (they are also saved on close). */
  saveEveryMs: number;
  /** Evidence stepped at most per go, so one tenant's flood does not hold the others up for long. */
  stepChunk: number;
}

const DEFAULT_NDR_ENGINE: NdrEngineOptions = { maxQueuedPerTenant: 500_000, saveEveryMs: 30_000, stepChunk: 20_000 };

interface Waiting {
  evidence: readonly NdrEvidence[];
  /** When ingest handed it over (ms): the lag is measured from it. */
  at: number;
}

interface RuleRun {
  rule: NdrRule;
  /** Parsed once per settings change: rules cache their matchers by the params object. */
  params: unknown;
  enabled: boolean;
  state: NdrRuleState | undefined;
}

interface TenantRun {
  queue: Waiting[];
  queued: number;
  rules: RuleRun[] | null;
  settingsStale: boolean;
  running: Promise<void> | null;
  dirty: boolean;
}

export interface NdrEngineStats {
  recordsStepped: number;
  recordsDropped: number;
  detectionsEmitted: number;
  /** Evidence waiting, over every tenant. */
  queued: number;
  /** The last stepped batch's time from ingest to its detections stored (ms). */
  lastLagMs: number;
  maxLagMs: number;
  failures: number;
}

/**
 * NDR's detection engine: hears every tenant's evidence from the ingest's tap, queues it per
 * tenant (bounded) and steps each enabled rule over it in order, one tenant's work at a time.
 * Incremental: the rules keep their state in memory between batches, saved now and then and on
 * close, and a restart goes on from the saved states; the store is never rescanned.
 */
export class NdrEngine {
  private readonly tenants = new Map<string, TenantRun>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly stats: NdrEngineStats = { recordsStepped: 0, recordsDropped: 0, detectionsEmitted: 0, queued: 0, lastLagMs: 0, maxLagMs: 0, failures: 0 };

  constructor(
    private readonly db: Db,
    private readonly record: RecordDetections,
    private readonly log: FastifyBaseLogger,
    private readonly options: NdrEngineOptions = DEFAULT_NDR_ENGINE,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.save(), this.options.saveEveryMs);
    this.timer.unref();
  }

  /** The tap's listener: queues and returns at once. */
  readonly accept = (tenantId: string, evidence: readonly NdrEvidence[]): void => {
    if (this.closed || evidence.length === 0) return;
    const run = this.runOf(tenantId);
    run.queue.push({ evidence, at: this.now() });
    run.queued += evidence.length;
    this.stats.queued += evidence.length;
    while (run.queued > this.options.maxQueuedPerTenant && run.queue.length > 1) {
      const dropped = run.queue.shift()!;
      run.queued -= dropped.evidence.length;
      this.stats.queued -= dropped.evidence.length;
      this.stats.recordsDropped += dropped.evidence.length;
    }
    run.running ??= this.drain(tenantId, run);
  };

  /** A rule's settings changed (enabled, parameters, suppressions): the next batch reads them again. */
  settingsChanged(tenantId: string): void {
    const run = this.tenants.get(tenantId);
    if (run) run.settingsStale = true;
  }

  /** How far a tenant's detections run behind its ingest: the age of its oldest waiting evidence (s), and how much waits. */
  lag(tenantId: string): { lagSeconds: number; queued: number } {
    const run = this.tenants.get(tenantId);
    const oldest = run?.queue[0]?.at;
    return { lagSeconds: oldest === undefined ? 0 : Math.max(0, (this.now() - oldest) / 1000), queued: run?.queued ?? 0 };
  }

  /** The oldest waiting evidence's age over every tenant (ms), for the metric. */
  lagMs(): number {
    let oldest = Infinity;
    for (const run of this.tenants.values()) if (run.queue[0]) oldest = Math.min(oldest, run.queue[0].at);
    return oldest === Infinity ? 0 : this.now() - oldest;
  }

  /** Resolves once every tenant's queue is stepped (tests, benchmarks, close). */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.tenants.values()].map((r) => r.running).filter((p): p is Promise<void> => p !== null);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    await this.save();
  }

  /** Saves the rule states that changed since the last save. */
  async save(): Promise<void> {
    for (const [tenantId, run] of this.tenants) {
      if (!run.dirty || !run.rules) continue;
      run.dirty = false;
      try {
        await repo.saveRuleStates(
          this.db,
          run.rules.filter((r) => r.state).map((r) => ({ tenantId, ruleId: r.rule.id, state: r.state! })),
        );
      } catch (err) {
        run.dirty = true;
        this.log.warn({ err, tenant: tenantId }, 'NDR rule states not saved');
      }
    }
  }

  private runOf(tenantId: string): TenantRun {
    let run = this.tenants.get(tenantId);
    if (!run) {
      run = { queue: [], queued: 0, rules: null, settingsStale: false, running: null, dirty: false };
      this.tenants.set(tenantId, run);
    }
    return run;
  }

  private async drain(tenantId: string, run: TenantRun): Promise<void> {
    try {
      while (run.queue.length > 0) {
        await this.loadRules(tenantId, run);
        const taken: Waiting[] = [];
        let size = 0;
        while (run.queue.length > 0 && (taken.length === 0 || size + run.queue[0]!.evidence.length <= this.options.stepChunk)) {
          const w = run.queue.shift()!;
          taken.push(w);
          size += w.evidence.length;
        }
        run.queued -= size;
        this.stats.queued -= size;
        const batch = taken.length === 1 ? taken[0]!.evidence : taken.flatMap((w) => w.evidence);
        const detections = this.step(run, batch);
        this.stats.recordsStepped += size;
        if (detections.length > 0) {
          this.stats.detectionsEmitted += detections.length;
          try {
            await this.record(tenantId, detections);
          } catch (err) {
            this.stats.failures++;
            this.log.error({ err, tenant: tenantId }, 'NDR detections not stored');
          }
        }
        const lag = this.now() - taken[0]!.at;
        this.stats.lastLagMs = lag;
        if (lag > this.stats.maxLagMs) this.stats.maxLagMs = lag;
        // Let the event loop serve requests between chunks.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (err) {
      this.stats.failures++;
      this.log.error({ err, tenant: tenantId }, 'NDR engine failed a batch');
    } finally {
      run.running = null;
      if (run.queue.length > 0 && !this.closed) run.running = this.drain(tenantId, run);
    }
  }

  private step(run: TenantRun, batch: readonly NdrEvidence[]): NdrDetection[] {
    const out: NdrDetection[] = [];
    const now = this.now();
    for (const r of run.rules!) {
      if (!r.enabled) continue;
      try {
        const result = r.rule.step(r.state, batch, r.params, now);
        r.state = result.state;
        for (const d of result.detections) out.push(d);
      } catch (err) {
        // One rule's failure leaves the others running; its state starts afresh.
        r.state = undefined;
        this.stats.failures++;
        this.log.error({ err, rule: r.rule.id }, 'NDR rule failed a batch');
      }
    }
    run.dirty = true;
    return out;
  }

  /** The tenant's settings (and, the first time, its saved states). */
  private async loadRules(tenantId: string, run: TenantRun): Promise<void> {
    if (run.rules && !run.settingsStale) return;
    run.settingsStale = false;
    const settings = new Map((await repo.ruleSettings(this.db, tenantId)).map((s) => [s.ruleId, s]));
    const states = run.rules ? null : new Map((await repo.ruleStates(this.db, tenantId)).map((s) => [s.ruleId, s.state]));
    const before = new Map((run.rules ?? []).map((r) => [r.rule.id, r.state]));
    run.rules = NDR_RULE_LIST.map((rule) => {
      const s = settings.get(rule.id);
      return {
        rule,
        enabled: s?.enabled ?? true,
        params: paramsOf(rule, s, this.log),
        state: states ? (states.get(rule.id) as NdrRuleState | undefined) : before.get(rule.id),
      };
    });
  }
}

/** A rule's parameters: the tenant's overrides and suppressions over the defaults; overrides the rule no longer takes fall back to the defaults. */
export function paramsOf(rule: NdrRule, s: Pick<repo.RuleSettingRow, 'params' | 'suppressions'> | undefined, log?: FastifyBaseLogger): unknown {
  const parsed = rule.paramsSchema.safeParse({ ...(s?.params ?? {}), suppressions: s?.suppressions ?? [] });
  if (parsed.success) return parsed.data;
  log?.warn({ rule: rule.id }, 'NDR rule overrides no longer valid: the defaults apply');
  return rule.paramsSchema.parse({ suppressions: s?.suppressions ?? [] });
}
