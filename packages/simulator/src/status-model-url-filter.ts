import { gatewayFilterDecision, type ConfigDocument, type StatusSnapshot } from '@netloom/domain';
import { urlFilterSnapshot } from './status-model-firewall';

type Snapshot<K extends StatusSnapshot['kind']> = Extract<StatusSnapshot, { kind: K }>;
type UrlFilterEntry = Snapshot<'url_filter'>['entries'][number];

/** What a blocked visit downloads: the gateway's block page instead of the site. */
export const BLOCK_PAGE_BYTES = 2_200;

/**
 * The LAN's visits as the gateway's own filter (URL Filtering, Content Filtering) decides them,
 * with the domain's evaluator: a visit it blocks is marked blocked and got the block page. Off, or
 * for a client it does not filter, nothing is blocked.
 */
export function filteredTracking(doc: ConfigDocument, tracking: Snapshot<'url_tracking'>, at: Date): Snapshot<'url_tracking'> {
  if (!doc.url_filter?.enabled) return tracking;
  return {
    ...tracking,
    entries: tracking.entries
      .map((e) => {
        const blocked = gatewayFilterDecision(doc, { client: e.client, host: e.host, at })?.action === 'blocked';
        return blocked ? { ...e, blocked, bytes: e.hits * BLOCK_PAGE_BYTES } : e;
      })
      // Busiest first, as the box lists them.
      .sort((a, b) => b.bytes - a.bytes),
  };
}

/** Each category Content Filtering gives an action, with the visits to its sites the filter looked at. */
function configuredCategories(doc: ConfigDocument, tracking: Snapshot<'url_tracking'>, at: Date): UrlFilterEntry[] {
  const hits = new Map<string, number>();
  for (const e of tracking.entries) {
    const decision = gatewayFilterDecision(doc, { client: e.client, host: e.host, at });
    if (decision) hits.set(decision.category, (hits.get(decision.category) ?? 0) + e.hits);
  }
  return (doc.content_filter?.categories ?? []).map((c) => ({ category: c.category, action: c.action, hits: hits.get(c.category) ?? 0, source: 'gateway' }));
}

/**
 * The url_filter snapshot: the tenant's web filter as it runs (its policies' decisions), and, while
 * URL Filtering is on, the gateway's own filter: how it runs and each configured category first.
 */
export function urlFilterStatus(
  doc: ConfigDocument | null,
  decisions: UrlFilterEntry[],
  tracking: () => Snapshot<'url_tracking'> | null,
  at: Date,
): Snapshot<'url_filter'> {
  const web = urlFilterSnapshot(doc?.web_filter, decisions);
  const run = doc?.url_filter;
  const visits = run?.enabled ? tracking() : null;
  if (!doc || !run?.enabled || !visits) return web;
  return {
    ...web,
    enabled: true,
    gateway: { interfaces: run.interfaces, safesearch: run.safesearch, log_allowed: run.log_allowed },
    entries: [...configuredCategories(doc, visits, at), ...web.entries],
  };
}
