import { CONNECTIVITY, nextCheckDelayMs } from '@netloom/domain';

export interface ConnectivityState {
  /** False from a failed check (or the browser going offline) until a check succeeds. */
  reachable: boolean;
  consecutiveFailures: number;
  /** When the next check runs (epoch ms); the banner counts down to it. */
  nextCheckAt: number;
  checking: boolean;
  /** The running check has taken longer than CONNECTIVITY.slowCheckMs. */
  slow: boolean;
}

export interface ConnectivityMonitorDeps {
  check: () => Promise<boolean>;
  now?: () => number;
}

/**
 * The internet banner's loop (spec 000 §4): a backend check every 30 s while it answers, 10 s more
 * per consecutive failure, back to 30 s on success; Retry checks at once. Listeners get every change.
 */
export class ConnectivityMonitor {
  private state: ConnectivityState;
  private readonly listeners = new Set<() => void>();
  private nextTimer: ReturnType<typeof setTimeout> | null = null;
  private slowTimer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private readonly now: () => number;

  constructor(private readonly deps: ConnectivityMonitorDeps) {
    this.now = deps.now ?? Date.now;
    this.state = { reachable: true, consecutiveFailures: 0, nextCheckAt: 0, checking: false, slow: false };
  }

  snapshot = (): ConnectivityState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.clearTimers();
  }

  /** Retry: check now instead of waiting for the countdown. */
  retry = (): void => {
    if (this.running) void this.runCheck();
  };

  /** The browser says it lost its connection: that is a failed check, without asking. */
  browserWentOffline(): void {
    if (!this.running) return;
    // A check under way fails by itself and settles once; counting it here too would count twice.
    if (this.state.checking) this.update({ reachable: false });
    else this.settle(false);
  }

  private async runCheck(): Promise<void> {
    if (this.state.checking) return;
    if (this.nextTimer) clearTimeout(this.nextTimer);
    this.nextTimer = null;
    this.update({ checking: true, slow: false });
    this.slowTimer = setTimeout(() => this.update({ slow: true }), CONNECTIVITY.slowCheckMs);
    let ok: boolean;
    try {
      ok = await this.deps.check();
    } catch {
      ok = false;
    }
    if (this.slowTimer) clearTimeout(this.slowTimer);
    this.slowTimer = null;
    if (!this.running) return;
    this.settle(ok);
  }

  private settle(ok: boolean): void {
    const consecutiveFailures = ok ? 0 : this.state.consecutiveFailures + 1;
    this.update({ reachable: ok, consecutiveFailures, checking: false, slow: false });
    this.schedule();
  }

  private schedule(): void {
    if (this.nextTimer) clearTimeout(this.nextTimer);
    const delay = nextCheckDelayMs(this.state.consecutiveFailures);
    this.update({ nextCheckAt: this.now() + delay });
    this.nextTimer = setTimeout(() => void this.runCheck(), delay);
  }

  private clearTimers(): void {
    if (this.nextTimer) clearTimeout(this.nextTimer);
    if (this.slowTimer) clearTimeout(this.slowTimer);
    this.nextTimer = null;
    this.slowTimer = null;
  }

  private update(patch: Partial<ConnectivityState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }
}
