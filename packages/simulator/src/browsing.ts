import { FLOW_ACTIVE_TIMEOUT_S, UNCATEGORISED, type UrlEvent, type WebCategoryId } from '@netloom/domain';
import { appWeight } from './flows-apps';
import { destinationAddress } from './flows-destinations';
import { pageFetches, pageStyleOf, thirdPartyFetch, type Fetch } from './browsing-pages';
import { BROWSING_SHARES, popularSite, sitesOf, THIRD_PARTY_CATEGORIES, UNKNOWN_SITE_SHARE, unknownSites } from './browsing-sites';
import { fixedShare, pick, poisson, randomInt, type Random } from './prng';
import { dailyCurve, localHour } from './traffic';

/** Someone browsing: a gateway's LAN host (its user when the proxy knows it), or an endpoint's signed-in user at its tunnel address. */
export interface BrowsingClient {
  ip: string;
  user: string | null;
}

export interface BrowsingInput {
  /** End of the interval: requests lie within the `intervalS` before it. */
  at: Date;
  intervalS?: number;
  /** The device's position: the local day sets how much people browse and what. */
  lng: number;
  lat?: number;
  clients: readonly BrowsingClient[];
  /** Who sees the requests: the endpoint's agent (every request) or the gateway's explicit proxy (a CONNECT per https host). */
  via: UrlEvent['via'];
  /** Names the device's own few unknown sites (its serial). */
  seed: string;
  /** Page visits per minute of a keen user at the busiest hour. */
  visitsPerMinute?: number;
}

/** One request as the device saw it, before its web filter decided it. */
export interface BrowsingRequest {
  atMs: number;
  via: UrlEvent['via'];
  client_ip: string;
  user: string | null;
  method: string;
  scheme: 'http' | 'https';
  host: string;
  path: string;
  status: number;
  bytes: number;
  elapsed_ms: number;
  content_type: string | null;
  /** Where the host resolved (an address rule of a policy can match it). */
  server_ip: string;
}

const DEFAULT_VISITS_PER_MINUTE = 1.5;
/** Share of pages that also fetch from a tracker, an ad server or a script CDN. */
const THIRD_PARTY_SHARE = 0.6;
/** A CONNECT tunnel stays open this long after its last exchange (the browser's keep-alive). */
const TUNNEL_IDLE_MS: [number, number] = [2_000, 60_000];
/** Bytes of a TLS handshake the proxy counts in a tunnel besides the responses. */
const TLS_HANDSHAKE_BYTES = 6_000;

const logUniform = (random: Random, min: number, max: number): number => min * (max / min) ** random();

/** A person's taste for each category: whether they visit it at all and how keenly, the same on every run. */
function tastes(person: string, hour: number): { category: WebCategoryId; weight: number }[] {
  return Object.entries(BROWSING_SHARES).flatMap(([category, share]) => {
    if (fixedShare(person, category, 'visits') >= share.reach) return [];
    const weight = appWeight({ share }, hour) * (0.5 + fixedShare(person, category, 'keen'));
    return weight > 0 ? [{ category: category as WebCategoryId, weight }] : [];
  });
}

function pickWeighted<T extends { weight: number }>(items: readonly T[], random: Random): T | undefined {
  let left = random() * items.reduce((a, i) => a + i.weight, 0);
  for (const item of items) if ((left -= item.weight) < 0) return item;
  return items[items.length - 1];
}

/** The host a site is reached at: 'www.' for most, the bare domain for some, the same each time. */
function pageHost(domain: string): string {
  return domain.startsWith('www.') || fixedShare(domain, 'www') >= 0.65 ? domain : `www.${domain}`;
}

/** Sites still on plain http: some unknown small ones, update servers, a few others. */
function schemeOf(domain: string, category: string): 'http' | 'https' {
  const plain = category === UNCATEGORISED.id ? 0.3 : category === 'software-updates' ? 0.5 : 0.02;
  return fixedShare(domain, 'http') < plain ? 'http' : 'https';
}

interface Exchange extends Fetch {
  host: string;
  atMs: number;
  elapsedMs: number;
  answer: number;
  answerBytes: number;
  answerType: string | null;
}

/** The status a fetch gets: mostly its 2xx, static files often 304, pages now and then a redirect or an error. */
function answer(f: Fetch, isPage: boolean, random: Random): Pick<Exchange, 'answer' | 'answerBytes' | 'answerType'> {
  const u = random();
  if (f.cacheable && u < 0.25) return { answer: 304, answerBytes: 0, answerType: null };
  if (isPage && u < 0.03) return { answer: 301, answerBytes: randomInt(random, 150, 400), answerType: 'text/html' };
  if (u > 0.985) return { answer: 404, answerBytes: randomInt(random, 1_500, 20_000), answerType: 'text/html' };
  if (u > 0.98) return { answer: 503, answerBytes: randomInt(random, 500, 3_000), answerType: 'text/html' };
  const status = f.status ?? 200;
  return { answer: status, answerBytes: status === 204 ? 0 : f.bytes, answerType: status === 204 ? null : f.contentType };
}

/** A visit's exchanges in time: the page, its static files right after it, the rest as the person clicks and scrolls. */
function visitExchanges(domain: string, category: string, startMs: number, random: Random): Exchange[] {
  const host = pageHost(domain);
  const fetches = pageFetches(pageStyleOf(category), random).map((f) => ({
    ...f,
    host: f.sub && !domain.startsWith('www.') ? `${f.sub}.${domain}` : host,
  }));
  if (random() < THIRD_PARTY_SHARE) {
    const third = pick(random, THIRD_PARTY_CATEGORIES);
    fetches.splice(1, 0, { ...thirdPartyFetch(third, random), host: popularSite(sitesOf(third), random()) });
  }
  const bytesPerS = logUniform(random, 1e6, 25e6);
  let t = startMs;
  return fetches.map((f, i) => {
    const a = answer(f, i === 0, random);
    const elapsedMs = Math.round(logUniform(random, 20, 250) + (f.thinkMs ?? 0) + (a.answerBytes * 1000) / bytesPerS);
    const at = t;
    t += f.cacheable || i === 0 ? randomInt(random, 5, 150) : randomInt(random, 300, 8_000);
    return { ...f, ...a, atMs: at, elapsedMs };
  });
}

/**
 * One interval of a device's web requests: each client makes visits (a Poisson count following
 * the local day and how keen a browser the client is), each to a site of a category drawn by the
 * person's tastes and the hour (office tools by day, streaming and social in the evening), the
 * site by its popularity in the shipped site list; about UNKNOWN_SITE_SHARE go to the device's
 * few sites the list does not know. A visit is its page and what the page fetches. The agent
 * sees each exchange; the proxy sees https as one CONNECT per host (it cannot see inside) and
 * plain http request by request.
 *
 * Deterministic: the same input and random stream give the same requests; who browses what comes
 * from fixedShare, so it stays the same from one interval to the next.
 */
export function browsingFor(input: BrowsingInput, random: Random): BrowsingRequest[] {
  const intervalS = input.intervalS ?? FLOW_ACTIVE_TIMEOUT_S;
  if (!(intervalS > 0)) throw new RangeError('intervalS must be positive');
  const endMs = input.at.getTime();
  const intervalMs = intervalS * 1000;
  const startMs = endMs - intervalMs;
  const hour = localHour(new Date(startMs + intervalMs / 2), input.lng);
  const unknown = unknownSites(input.seed);
  const site = { lng: input.lng, ...(input.lat === undefined ? {} : { lat: input.lat }) };
  const addresses = new Map<string, string>();
  const addressOf = (host: string) => {
    let ip = addresses.get(host);
    if (!ip) addresses.set(host, (ip = destinationAddress('web', host, site, 0)));
    return ip;
  };

  const requests: BrowsingRequest[] = [];
  for (const client of input.clients) {
    const keen = 0.3 + 1.4 * fixedShare(client.user ?? client.ip, 'browsing');
    const visits = poisson(keen * dailyCurve(hour) * (input.visitsPerMinute ?? DEFAULT_VISITS_PER_MINUTE) * (intervalS / 60), random);
    const likes = tastes(client.user ?? client.ip, hour);
    for (let v = 0; v < visits; v++) {
      const startAt = startMs + Math.floor(random() * intervalMs);
      const category = random() < UNKNOWN_SITE_SHARE ? UNCATEGORISED.id : (pickWeighted(likes, random)?.category ?? 'search-engines');
      const domain = category === UNCATEGORISED.id ? pick(random, unknown) : popularSite(sitesOf(category), random());
      const scheme = schemeOf(domain, category);
      const exchanges = visitExchanges(domain, category, startAt, random).filter((e) => e.atMs < endMs);
      if (input.via === 'proxy' && scheme === 'https') {
        const byHost = new Map<string, Exchange[]>();
        for (const e of exchanges) byHost.set(e.host, [...(byHost.get(e.host) ?? []), e]);
        for (const [host, group] of byHost) {
          const last = group[group.length - 1]!;
          requests.push({
            atMs: group[0]!.atMs,
            via: input.via,
            client_ip: client.ip,
            user: client.user,
            method: 'CONNECT',
            scheme,
            host,
            path: '/',
            status: 200,
            bytes: TLS_HANDSHAKE_BYTES + group.reduce((a, e) => a + e.answerBytes, 0),
            elapsed_ms: Math.round(last.atMs + last.elapsedMs - group[0]!.atMs + logUniform(random, ...TUNNEL_IDLE_MS)),
            content_type: null,
            server_ip: addressOf(host),
          });
        }
        continue;
      }
      for (const e of exchanges) {
        requests.push({
          atMs: e.atMs,
          via: input.via,
          client_ip: client.ip,
          user: client.user,
          method: e.method,
          scheme,
          host: e.host,
          path: e.path,
          status: e.answer,
          bytes: e.answerBytes,
          elapsed_ms: e.elapsedMs,
          content_type: e.answerType,
          server_ip: addressOf(e.host),
        });
      }
    }
  }
  return requests.sort((a, b) => a.atMs - b.atMs);
}
