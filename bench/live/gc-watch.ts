import { PerformanceObserver } from 'node:perf_hooks';

/** A process's garbage-collection pauses over a window: their pauses delay whatever it times. */
export interface GcFigures {
  count: number;
  totalMs: number;
  maxMs: number;
}

/** Counts this process's GC pauses while `counting()` holds, until stopped. */
export function watchGc(counting: () => boolean = () => true): { figures: GcFigures; stop(): void } {
  const figures: GcFigures = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    if (!counting()) return;
    for (const e of list.getEntries()) {
      figures.count++;
      figures.totalMs += e.duration;
      figures.maxMs = Math.max(figures.maxMs, e.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { figures, stop: () => observer.disconnect() };
}
