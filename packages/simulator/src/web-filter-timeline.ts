import { compiledWebFilter, type CompiledWebFilter, type WebFilterSection } from '@netloom/domain';

interface Running {
  fromMs: number;
  filter: CompiledWebFilter | null;
}

/**
 * The web filters a device has run, each from the moment its configuration was applied. Requests
 * are reported an interval after they were made, so each is decided by the filter that ran when
 * it was made, not by whatever runs at the export: a push that blocks a site blocks it from the
 * push on, and the requests before it stay as they were decided.
 */
export class WebFilterTimeline {
  /** Oldest first; each runs until the next one's `fromMs`. */
  private entries: Running[] = [];

  /** The configuration running from `atMs` on (a push, a revert) has this section; none: no filtering, no URL events. */
  ran(section: WebFilterSection | null | undefined, atMs: number): void {
    // Compiled once per applied section (compiledWebFilter caches by the object).
    const filter = section ? compiledWebFilter(section) : null;
    const last = this.entries[this.entries.length - 1];
    if (last && last.filter === filter) return;
    this.entries.push({ fromMs: atMs, filter });
  }

  /** The filter that ran at `atMs`; null when the device ran none then. */
  at(atMs: number): CompiledWebFilter | null {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]!.fromMs <= atMs) return this.entries[i]!.filter;
    return null;
  }

  /** Whether any filter ran at some moment of (fromMs, toMs]: if not, there is nothing to report for it. */
  anyWithin(fromMs: number, toMs: number): boolean {
    return this.entries.some((e, i) => e.filter !== null && e.fromMs <= toMs && (this.entries[i + 1]?.fromMs ?? Infinity) > fromMs);
  }

  /** Forgets the filters that stopped running before `beforeMs`: no request that old is still to be decided. */
  forget(beforeMs: number): void {
    let keepFrom = 0;
    while (keepFrom + 1 < this.entries.length && this.entries[keepFrom + 1]!.fromMs <= beforeMs) keepFrom++;
    if (keepFrom > 0) this.entries = this.entries.slice(keepFrom);
  }
}
