import { evaluateWebRequest, type UrlEvent } from '@netloom/domain';
import type { BrowsingRequest } from './browsing';
import { fixedShare } from './prng';
import type { WebFilterTimeline } from './web-filter-timeline';

/** What a device knows of itself that a policy can name. */
export interface FilteringDevice {
  deviceId: string | null;
  deviceGroupId: string | null;
}

/** The block page instead of the site: the agent's own page, or the proxy's access-denied page (squid's is a little bigger). */
const BLOCK_PAGE_BYTES: Record<UrlEvent['via'], [number, number]> = { agent: [1_800, 2_600], proxy: [3_400, 4_100] };

/**
 * The URL events of a device's requests, each decided by the web filter the device ran when the
 * request was made (evaluateWebRequest, as the console's Test-a-URL tool decides). A request made
 * while the device ran no web filter is not reported. A blocked request gets the block page
 * (403, a small page, answered at once); an allowed or logged one what the site answered.
 */
export function urlEventsFor(requests: readonly BrowsingRequest[], filters: WebFilterTimeline, device: FilteringDevice): UrlEvent[] {
  const events: UrlEvent[] = [];
  for (const r of requests) {
    const filter = filters.at(r.atMs);
    if (!filter) continue;
    const at = new Date(r.atMs);
    const decision = evaluateWebRequest(filter, {
      url: `${r.scheme}://${r.host}${r.path}`,
      host: r.host,
      path: r.path,
      user: r.user,
      deviceId: device.deviceId,
      deviceGroupId: device.deviceGroupId,
      ip: r.server_ip,
      at,
    });
    const blocked = decision.action === 'blocked';
    const [min, max] = BLOCK_PAGE_BYTES[r.via];
    events.push({
      at: at.toISOString(),
      user: r.user,
      client_ip: r.client_ip,
      method: r.method,
      scheme: r.scheme,
      host: r.host,
      path: r.path,
      status: blocked ? 403 : r.status,
      bytes: blocked ? Math.round(min + (max - min) * fixedShare(r.host, 'block page')) : r.bytes,
      elapsed_ms: blocked ? Math.round(1 + 4 * fixedShare(r.host, r.atMs, 'block')) : r.elapsed_ms,
      content_type: blocked ? 'text/html' : r.content_type,
      category: decision.category,
      application: decision.application,
      action: decision.action,
      rule: decision.rule,
      policy_id: decision.policy?.id ?? null,
      policy_name: decision.policy?.name ?? null,
      matched: decision.matched,
      via: r.via,
    });
  }
  return events;
}
