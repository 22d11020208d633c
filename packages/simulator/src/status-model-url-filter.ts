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

/**
 * Each client's traffic less what the gateway's own filter kept from it: a blocked visit downloads
 * the block page, not the site (`visits` the LAN's visits as filteredTracking decided them, `unfiltered` as they would have gone).
 */
export function filteredUsage(usage: Snapshot<'usage'>, unfiltered: Snapshot<'url_tracking'>, visits: Snapshot<'url_tracking'>): Snapshot<'usage'> {
  const kept = new Map<string, number>();
  const add = (client: string, bytes: number) => kept.set(client, (kept.get(client) ?? 0) + bytes);
  for (const e of unfiltered.entries) add(e.client, e.bytes);
  for (const e of visits.entries) add(e.client, -e.bytes);
  return { ...usage, entries: usage.entries.map((u) => ({ ...u, rx_bytes: Math.max(0, u.rx_bytes - (kept.get(u.client) ?? 0)) })) };
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
