import type { StatusSnapshot, UrlEvent, WebFilterSection } from '@netloom/domain';

type UrlFilterEntry = Extract<StatusSnapshot, { kind: 'url_filter' }>['entries'][number];

/** The URL filter status names a decision as the filter's rule does (a logged request is one it monitors). */
const ACTION_OF: Record<UrlEvent['action'], UrlFilterEntry['action']> = { allowed: 'allow', blocked: 'block', logged: 'monitor' };
/** The status snapshot's table holds at most this many rows: the busiest. */
const MAX_ROWS = 4096;

/**
 * What a gateway's URL filter decided since its running web_filter section was applied, counted
 * by category and action (what `uci`/`ubus` would show as the filter's hit counters). A different
 * section starts the count afresh; the same one pushed again keeps it, as the box keeps running
 * the same filter.
 */
export class UrlDecisionTally {
  private sectionJson: string | null = null;
  private fromMs = 0;
  private readonly counts = new Map<string, UrlFilterEntry>();

  ran(section: WebFilterSection | null | undefined, atMs: number): void {
    const json = section ? JSON.stringify(section) : null;
    if (json === this.sectionJson) return;
    this.sectionJson = json;
    this.fromMs = atMs;
    this.counts.clear();
  }

  /** Decided requests; those made before the running section was applied were another filter's. */
  add(events: readonly UrlEvent[]): void {
    if (this.sectionJson === null) return;
    for (const e of events) {
      if (Date.parse(e.at) < this.fromMs) continue;
      const action = ACTION_OF[e.action];
      const key = `${e.category}\u0000${action}`;
      const row = this.counts.get(key);
      if (row) row.hits += 1;
      else this.counts.set(key, { category: e.category, action, hits: 1 });
    }
  }

  /** Busiest first, then by category and action so equal counts keep one order. */
  rows(): UrlFilterEntry[] {
    return [...this.counts.values()]
      .map((r) => ({ ...r }))
      .sort((a, b) => b.hits - a.hits || a.category.localeCompare(b.category) || a.action.localeCompare(b.action))
      .slice(0, MAX_ROWS);
  }
}
