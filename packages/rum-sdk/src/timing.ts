import type { NavSummary, ResourceSummary } from './types.ts';
import { ms, pageUrl } from './util.ts';

const NAV_TYPES: Record<string, NavSummary['type']> = {
  navigate: 'navigate',
  reload: 'reload',
  back_forward: 'back_forward',
  prerender: 'prerender',
};

/** The document's navigation timing, as phases (dns, connect, tls) and milestones from the navigation's start. */
export function navigationSummary(): NavSummary {
  const nav = performance.getEntriesByType?.('navigation')[0] as (PerformanceNavigationTiming & { activationStart?: number }) | undefined;
  if (!nav) return { type: 'navigate' };
  const activation = nav.activationStart ?? 0;
  const since = (t: number) => (t > 0 ? ms(Math.max(0, t - activation)) : undefined);
  return {
    type: NAV_TYPES[nav.type] ?? 'navigate',
    dns: ms(nav.domainLookupEnd - nav.domainLookupStart),
    connect: ms(nav.connectEnd - nav.connectStart),
    tls: nav.secureConnectionStart > 0 ? ms(nav.connectEnd - nav.secureConnectionStart) : 0,
    ttfb: since(nav.responseStart),
    dom_interactive: since(nav.domInteractive),
    dom_complete: since(nav.domComplete),
    load: since(nav.loadEventEnd),
    transfer_size: nav.transferSize,
  };
}

/**
 * The resources a page view loaded (since `from`, a route change's time; 0 for the document): how many,
 * their bytes, and the five slowest. The SDK's own beacons are left out.
 */
export function resourceSummary(from: number, endpoint: string): ResourceSummary {
  const entries = ((performance.getEntriesByType?.('resource') ?? []) as PerformanceResourceTiming[]).filter(
    (e) => e.startTime >= from && !e.name.startsWith(endpoint),
  );
  let bytes = 0;
  for (const e of entries) bytes += e.transferSize || 0;
  const slowest = [...entries]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, 5)
    .map((e) => ({ name: pageUrl(e.name) || e.name.slice(0, 200), initiator: e.initiatorType, duration: ms(e.duration) }));
  return { count: entries.length, bytes, slowest };
}
