/** After this many failures in a row the poll stops until restarted (spec 000 §4: "more than 2"). */
const MAX_CONSECUTIVE_ERRORS = 2;

export type PollState = 'running' | 'stopped' | 'idle';

/**
 * Calls `tick` every `intervalMs`. More than two failures in a row stop the loop (and report it)
 * until `restart()`: a dead server is not hammered, and the user sees why the data is stale.
 */
export class PollLoop {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private errors = 0;
  private state: PollState = 'idle';
  private generation = 0;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onState: (state: PollState) => void = () => {},
  ) {}

  current(): PollState {
    return this.state;
  }

  consecutiveErrors(): number {
    return this.errors;
  }

  /** Starts (or starts again after a stop), with the error count reset. */
  restart(): void {
    this.clear();
    this.errors = 0;
    this.set('running');
    this.schedule();
  }

  stop(): void {
    this.clear();
    this.set('idle');
  }

  private set(state: PollState) {
    if (state === this.state) return;
    this.state = state;
    this.onState(state);
  }

  private clear() {
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule() {
    const gen = this.generation;
    this.timer = setTimeout(() => void this.run(gen), this.intervalMs);
  }

  private async run(gen: number) {
    try {
      await this.tick();
      if (gen !== this.generation) return;
      this.errors = 0;
    } catch {
      if (gen !== this.generation) return;
      this.errors++;
      if (this.errors > MAX_CONSECUTIVE_ERRORS) {
        this.clear();
        this.set('stopped');
        return;
      }
    }
    this.schedule();
  }
}
