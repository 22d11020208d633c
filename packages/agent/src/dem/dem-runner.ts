import type { DemContext, DemResult, DemSection, DemTest } from '@netloom/domain';
import { timeConnect, timeHttp, type HttpTiming } from './http-timing';
import { probePath, type PathMeasure } from './path-probe';

/** Runs the agent keeps unreported at most (an outage of the management link): the newest are kept. */
const KEPT_MAX = 20_000;
/** A new test's first run comes within this long of the configuration that named it. */
const FIRST_RUN_MAX_MS = 3000;

export interface DemRunnerOptions {
  /** The endpoint's state now (CPU, memory, Wi-Fi). */
  context: () => Promise<DemContext>;
  /** Every test runs this often (seconds) whatever its interval: a lab or a demo sees results in seconds. */
  everyS?: number;
  /** The measurements (a test gives its own): a real fetch, a real ping and traceroute. */
  http?: (url: string, timeoutMs: number) => Promise<HttpTiming>;
  connect?: (host: string, port: number, timeoutMs: number) => Promise<HttpTiming>;
  path?: (host: string, timeoutMs: number) => Promise<PathMeasure>;
  log?: (line: string) => void;
}

/** The host a test goes to: its URL's, or `host`. */
const hostOf = (t: DemTest): string | null => {
  if (t.host) return t.host;
  try {
    return t.url ? new URL(t.url).hostname.replace(/^\[|\]$/g, '') : null;
  } catch {
    return null;
  }
};

/**
 * The agent's digital experience tests: it runs each test of its `dem` section for real on its
 * schedule (a new one within seconds of the push, then every interval; one run of a test at a
 * time), with the endpoint's context of that moment, and keeps the runs until the export takes
 * them. The agent reaches applications directly: it runs no ZTNA tunnel.
 */
export class DemRunner {
  private readonly timers = new Map<string, { test: DemTest; timer: NodeJS.Timeout; running: Promise<unknown> | null }>();
  private done: DemResult[] = [];

  constructor(private readonly opts: DemRunnerOptions) {}

  /** Runs the tests of `section` from now on (none: stops them all); a test whose definition is unchanged keeps its schedule. */
  run(section: DemSection | null): void {
    const wanted = new Map((section?.tests ?? []).map((t) => [t.id, t]));
    for (const [id, entry] of this.timers) {
      const next = wanted.get(id);
      if (next && JSON.stringify(next) === JSON.stringify(entry.test)) {
        wanted.delete(id);
        continue;
      }
      clearTimeout(entry.timer);
      this.timers.delete(id);
    }
    for (const test of wanted.values()) this.schedule(test, Math.random() * Math.min(FIRST_RUN_MAX_MS, this.everyMs(test)));
  }

  private everyMs(test: DemTest): number {
    return (this.opts.everyS ?? test.interval_seconds) * 1000;
  }

  private schedule(test: DemTest, inMs: number): void {
    const timer = setTimeout(() => {
      const entry = this.timers.get(test.id);
      if (!entry || entry.test !== test) return;
      this.schedule(test, this.everyMs(test));
      // The previous run still going (a slow traceroute): this one is skipped, not stacked.
      if (entry.running) return;
      const running = this.runOnce(test).finally(() => {
        const now = this.timers.get(test.id);
        if (now) now.running = null;
      });
      this.timers.get(test.id)!.running = running;
    }, inMs);
    timer.unref?.();
    const previous = this.timers.get(test.id);
    this.timers.set(test.id, { test, timer, running: previous?.test === test ? previous.running : null });
  }

  /** One run of a test now: its result joins those to report. */
  async runOnce(test: DemTest): Promise<DemResult> {
    const at = new Date().toISOString();
    const [measured, context] = await Promise.all([this.measure(test), this.opts.context()]);
    const result: DemResult = {
      test_id: test.id,
      application_id: test.application_id,
      at,
      path: 'direct',
      context,
      ...measured,
      ...(measured.error ? { error: measured.error.slice(0, 300) } : {}),
    };
    this.done.push(result);
    if (this.done.length > KEPT_MAX) this.done = this.done.slice(-KEPT_MAX);
    return result;
  }

  private async measure(test: DemTest): Promise<HttpTiming | PathMeasure> {
    const host = hostOf(test);
    try {
      if (test.kind === 'path') return host ? await (this.opts.path ?? probePath)(host, test.timeout_ms) : { ok: false, error: 'the test names no host' };
      if (test.url) return await (this.opts.http ?? timeHttp)(test.url, test.timeout_ms);
      if (host && test.port) return await (this.opts.connect ?? timeConnect)(host, test.port, test.timeout_ms);
      return { ok: false, error: 'the test names no URL or port' };
    } catch (err) {
      return { ok: false, error: (err as Error).message.slice(0, 300) };
    }
  }

  /** The runs finished since the last call, oldest first. */
  take(): DemResult[] {
    const out = this.done.sort((a, b) => a.at.localeCompare(b.at));
    this.done = [];
    return out;
  }

  stop(): void {
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
