/**
 * The request stream bench:webfilter decides: what an office's devices ask about over a week.
 * Most requests go to well-known sites (a few of them very often), a fifth to the tenant's custom
 * URLs (under and beside their paths and wildcards), the rest to domains nobody has listed and to
 * bare addresses; nearly all come from signed-in users of the tenant's groups on its endpoints.
 */
import type { WebRequest } from '@netloom/domain';
import { chance, mulberry32, pick, randomInt, type Random } from '../../packages/simulator/src/prng';
import { inventedDomain, type BenchTenant } from './tenant';

export interface RequestStream {
  requests: WebRequest[];
  /** Each request's host, as a plain domain list would be asked about it. */
  hosts: string[];
}

const SUBDOMAINS = ['', '', 'www.', 'www.', 'm.', 'cdn.', 'api.', 'static.', 'img.'];
const PATHS = ['/', '/', '/index.html', '/search?q=report', '/api/v1/items?id=42', '/assets/app.js', '/watch?v=abc123', '/login', '/docs/getting-started'];
const WEEK_MS = 7 * 24 * 3_600_000;
const MONDAY = Date.UTC(2024, 2, 4);

/** A seeded shuffle, so that popularity is not tied to the site list's order (by category). */
function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A host and path that a custom URL was written about: its wildcard's subdomains, its path and below or beside it. */
function hostAndPathFor(random: Random, url: string): [string, string] {
  const slash = url.indexOf('/');
  const host = slash < 0 ? url : url.slice(0, slash);
  const path = slash < 0 ? pick(random, PATHS) : chance(random, 0.7) ? `${url.slice(slash)}${chance(random, 0.5) ? '/page' : ''}` : pick(random, PATHS);
  if (host.startsWith('*.')) {
    // Mostly a subdomain (what the wildcard covers), sometimes the domain itself (what it does not).
    const domain = host.slice(2);
    return [chance(random, 0.9) ? `${pick(random, ['www', 'app', 'eu'])}.${domain}` : domain, path];
  }
  return [`${pick(random, SUBDOMAINS)}${host}`, path];
}

function addressOf(random: Random): string {
  const kind = random();
  if (kind < 0.3) return `10.${randomInt(random, 0, 255)}.${randomInt(random, 0, 255)}.${randomInt(random, 1, 254)}`;
  if (kind < 0.5) return `203.0.${randomInt(random, 0, 255)}.${randomInt(random, 1, 254)}`;
  if (kind < 0.6) return `198.51.100.${randomInt(random, 1, 254)}`;
  return `${randomInt(random, 11, 223)}.${randomInt(random, 0, 255)}.${randomInt(random, 0, 255)}.${randomInt(random, 1, 254)}`;
}

export function buildRequests(tenant: BenchTenant, count: number, seed = 11): RequestStream {
  const random = mulberry32(seed);
  const popular = shuffled(random, tenant.knownDomains);
  const requests: WebRequest[] = [];
  const hosts: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = random();
    let host: string;
    let path = pick(random, PATHS);
    if (kind < 0.55) {
      // Skewed: the first sites of the shuffled list get most of the traffic, as real top lists do.
      host = `${pick(random, SUBDOMAINS)}${popular[Math.floor(popular.length * random() ** 3)]!}`;
    } else if (kind < 0.75) {
      [host, path] = hostAndPathFor(random, pick(random, tenant.customUrls));
    } else if (kind < 0.97) {
      host = `${pick(random, SUBDOMAINS)}${inventedDomain(random)}`;
    } else {
      host = addressOf(random);
    }
    // A signed-in user on their own endpoint, or (one in ten) a shared machine nobody is signed in to.
    const user = chance(random, 0.9) ? randomInt(random, 0, tenant.users.length - 1) : null;
    const endpoint = user === null ? randomInt(random, 0, tenant.endpoints.length - 1) : user % tenant.endpoints.length;
    requests.push({
      url: `${chance(random, 0.9) ? 'https' : 'http'}://${host}${path}`,
      // As a device has them: the host (SNI or Host header) and the request line's path apart.
      host,
      path,
      user: user === null ? null : tenant.users[user]!,
      deviceId: tenant.endpoints[endpoint]!,
      deviceGroupId: tenant.endpointGroups[endpoint]!,
      at: new Date(MONDAY + Math.floor(random() * WEEK_MS)),
    });
    hosts.push(host);
  }
  // In time order, as a device meets them.
  const order = requests.map((_, i) => i).sort((a, b) => requests[a]!.at.getTime() - requests[b]!.at.getTime());
  return { requests: order.map((i) => requests[i]!), hosts: order.map((i) => hosts[i]!) };
}
