import { UNKNOWN_KEY, registrableDomain, type UrlEvent } from '@netloom/domain';
import { productOf, type FlowSource } from './enrich';
import { TENANT_WIDE, type UrlEventToStore } from './store';
import { bucketOf, coarser, sorted, type RollupRow, type RollupTableLevel } from './rollup';

export function urlEventToStore(event: UrlEvent, source: FlowSource, seq: number, n: number): UrlEventToStore {
  const host = event.host.toLowerCase().replace(/\.$/, '');
  return {
    tenantId: source.tenantId,
    deviceId: source.id,
    networkId: source.networkId,
    product: productOf(source.kind),
    at: new Date(event.at),
    seq,
    n,
    user: event.user ?? (source.kind === 'endpoint' ? source.username : null),
    event: { ...event, host },
    domain: registrableDomain(host) ?? host,
  };
}

/**
 * The web filter's rollup dimensions: what its charts and reports rank. They live in the flow
 * rollup tables beside the traffic's, each row counting requests (`flows`) and bytes (`bytes_in`),
 * and only tenant-wide (no device page asks for them).
 */
export const URL_DIMENSIONS = {
  action: 'url_action',
  domain: 'url_domain',
  allowedDomain: 'url_domain_allowed',
  blockedDomain: 'url_domain_blocked',
  user: 'url_user',
  userDomain: 'url_user_domain',
  userBlocked: 'url_user_blocked',
  userCategory: 'url_user_category',
  /** policy id (or '-' for the organisation's lists and the default) \t rule \t action \t matched */
  rule: 'url_rule',
} as const;

const keysOf = (e: UrlEventToStore): [string, string][] => {
  const user = e.user ?? UNKNOWN_KEY;
  const blocked = e.event.action === 'blocked';
  const keys: [string, string][] = [
    [URL_DIMENSIONS.action, e.event.action],
    [URL_DIMENSIONS.domain, e.domain],
    [blocked ? URL_DIMENSIONS.blockedDomain : URL_DIMENSIONS.allowedDomain, e.domain],
    [URL_DIMENSIONS.user, user],
    [URL_DIMENSIONS.userDomain, `${user}\t${e.domain}`],
    [URL_DIMENSIONS.userCategory, `${user}\t${e.event.category}`],
    [URL_DIMENSIONS.rule, `${e.event.policy_id ?? '-'}\t${e.event.rule}\t${e.event.action}\t${e.event.matched ?? ''}`],
  ];
  if (blocked) keys.push([URL_DIMENSIONS.userBlocked, `${user}\t${e.domain}`]);
  return keys;
};

/**
 * Rows per (tenant, product, dimension, bucket, key) at each level: minutes summed from the events,
 * hours from the minutes and days from the hours (as the flows' rollups), each sorted for one lock order.
 */
export function urlRollupRows(events: readonly UrlEventToStore[]): Record<RollupTableLevel, RollupRow[]> {
  const minute = new Map<string, RollupRow>();
  const buckets = new Map<number, string>();
  for (const e of events) {
    const at = bucketOf(e.at, 'minute').getTime();
    let b = buckets.get(at);
    if (b === undefined) buckets.set(at, (b = new Date(at).toISOString()));
    for (const [d, k] of keysOf(e)) {
      const id = `${e.tenantId}\u0000${e.product}\u0000${d}\u0000${b}\u0000${TENANT_WIDE}\u0000${k}`;
      const row = minute.get(id);
      if (row) {
        row.f += 1;
        row.i += e.event.bytes;
      } else minute.set(id, { t: e.tenantId, p: e.product, d, b, v: TENANT_WIDE, k, o: 0, i: e.event.bytes, n: 0, f: 1 });
    }
  }
  const hour = coarser(minute, 'hour');
  const day = coarser(hour, 'day');
  return { minute: sorted(minute), hour: sorted(hour), day: sorted(day) };
}

/** A URL event as a raw row in url_events' column names. */
export const urlRawRowOf = (e: UrlEventToStore) => ({
  tenant_id: e.tenantId,
  device_id: e.deviceId,
  network_id: e.networkId,
  product: e.product,
  at: e.at.toISOString(),
  seq: e.seq,
  n: e.n,
  user_name: e.user,
  client_ip: e.event.client_ip,
  method: e.event.method,
  scheme: e.event.scheme,
  host: e.event.host,
  domain: e.domain,
  path: e.event.path,
  status: e.event.status,
  bytes: e.event.bytes,
  elapsed_ms: e.event.elapsed_ms,
  content_type: e.event.content_type,
  category: e.event.category,
  application: e.event.application,
  action: e.event.action,
  rule: e.event.rule,
  policy_id: e.event.policy_id,
  policy_name: e.event.policy_name,
  matched: e.event.matched,
  via: e.event.via,
});
