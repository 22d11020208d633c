/**
 * The URL events bench:webfilter's ingest part sends: batches of URL_EVENTS_BATCH_MAX events as
 * the simulator's devices report them (browsingFor, then urlEventsFor decided by the bench tenant's
 * web filter), from office gateways (their explicit proxy: a CONNECT per https host) and from
 * endpoints (their agent: every exchange), pre-generated once and re-stamped when sent.
 */
import { URL_EVENTS_BATCH_MAX, type UrlEvent } from '@netloom/domain';
import { browsingFor, type BrowsingClient, type BrowsingRequest } from '../../packages/simulator/src/browsing';
import { chance, mulberry32, pick, randomInt } from '../../packages/simulator/src/prng';
import { urlEventsFor } from '../../packages/simulator/src/url-events';
import { WebFilterTimeline } from '../../packages/simulator/src/web-filter-timeline';
import type { BenchTenant } from './tenant';

type UrlDeviceKind = 'gateway' | 'endpoint';

/** One event of a pool batch: its time relative to the batch's export time, the rest already JSON. */
interface PooledEvent {
  atMs: number;
  /** JSON of every field but `at`, without its opening brace: `"user":…}`. */
  rest: string;
}

export interface UrlPoolBatch {
  kind: UrlDeviceKind;
  /** The endpoint's signed-in user (its hello names it); null for a gateway. */
  user: string | null;
  events: PooledEvent[];
  /** The events as generated (for the raw insert baselines and the query store), times relative to `at`. */
  source: UrlEvent[];
  at: number;
}

/** Browsing is generated a minute (an export interval) at a time, going back from the export time until a batch is full. */
const SLICE_S = 60;
/** A quiet device at night may need long: never further back than this. */
const MAX_SLICES = (3 * 86_400) / SLICE_S;

/**
 * `size` distinct full batches: every fourth an endpoint (one signed-in user catching up after
 * being offline: its agent reports every exchange), the rest office gateways of 60–250 people
 * (the proxy knows four in five of them by name), at different longitudes (different hours of
 * their day, so different volumes and categories). Each is decided by the tenant's web filter as
 * the device would have run it, so actions, rules and policies are as the filter gives them.
 */
export function urlBatchPool(tenant: BenchTenant, size: number): UrlPoolBatch[] {
  const at = Date.now();
  const filters = new WebFilterTimeline();
  filters.ran(tenant.section, 0);
  const pool: UrlPoolBatch[] = [];
  for (let i = 0; i < size; i++) {
    const random = mulberry32(5000 + i);
    const kind: UrlDeviceKind = i % 4 === 3 ? 'endpoint' : 'gateway';
    const lng = -180 + ((i * 137) % 360);
    const endpoint = i % tenant.endpoints.length;
    let clients: BrowsingClient[];
    if (kind === 'endpoint') clients = [{ ip: `100.64.${(i >> 8) % 256}.${i % 256}`, user: tenant.users[randomInt(random, 0, tenant.users.length - 1)]! }];
    else {
      clients = Array.from({ length: randomInt(random, 60, 250) }, (_, c) => ({
        ip: `10.${i % 256}.${c >> 8}.${(c % 254) + 1}`,
        user: chance(random, 0.8) ? pick(random, tenant.users) : null,
      }));
    }
    const slices: BrowsingRequest[][] = [];
    for (let s = 0, n = 0; n < URL_EVENTS_BATCH_MAX && s < MAX_SLICES; s++) {
      const sliceAt = new Date(at - s * SLICE_S * 1000);
      slices.push(
        browsingFor({ at: sliceAt, intervalS: SLICE_S, lng, lat: 20, clients, via: kind === 'gateway' ? 'proxy' : 'agent', seed: `URL-${i}` }, random),
      );
      n += slices[s]!.length;
    }
    const requests = slices.reverse().flat();
    // The batch the device sends first: the oldest of its backlog.
    const device =
      kind === 'endpoint'
        ? { deviceId: tenant.endpoints[endpoint]!, deviceGroupId: tenant.endpointGroups[endpoint]! }
        : { deviceId: null, deviceGroupId: null };
    const source = urlEventsFor(requests.slice(0, URL_EVENTS_BATCH_MAX), filters, device);
    if (source.length === 0) continue;
    pool.push({
      kind,
      user: kind === 'endpoint' ? clients[0]!.user : null,
      at,
      source,
      events: source.map(({ at: eventAt, ...rest }) => ({ atMs: Date.parse(eventAt) - at, rest: JSON.stringify(rest).slice(1) })),
    });
  }
  return pool;
}

/** A batch's message with its events moved to an export time of `at`. */
export function urlEventsMessage(batch: UrlPoolBatch, seq: number, at: number): string {
  const parts = batch.events.map((e) => `{"at":"${new Date(at + e.atMs).toISOString()}",${e.rest}`);
  return `{"type":"url_events","seq":${seq},"events":[${parts.join(',')}]}`;
}

/** A pool event moved as urlEventsMessage moves it. */
export const movedEvent = (batch: UrlPoolBatch, n: number, at: number): UrlEvent => ({
  ...batch.source[n]!,
  at: new Date(at + batch.events[n]!.atMs).toISOString(),
});
