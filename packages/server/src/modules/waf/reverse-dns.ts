import { Resolver } from 'node:dns/promises';
import { nameUnderSuffix } from '@netloom/domain';

/** How long a verdict is kept: a crawler's address keeps its name for hours; one that failed may be fixed sooner. */
const VERIFIED_TTL_MS = 6 * 3_600_000;
const FAILED_TTL_MS = 30 * 60_000;
/** The most verdicts kept (the oldest go first). */
const MAX_CACHED = 20_000;

export type GoodBotVerifier = (ip: string, suffixes: readonly string[]) => Promise<boolean>;

/**
 * Forward-confirmed reverse DNS, as the search engines ask their crawlers to be checked: the
 * address's PTR names one host under the good bot's domains, and that host's A records give the
 * address back (anyone can write a PTR record for their own addresses; only Google can make
 * crawl-….googlebot.com resolve). Verdicts are cached per address and domains for a while.
 */
export function reverseDnsVerifier(servers: readonly string[], timeoutMs = 2_000, now = () => Date.now()): GoodBotVerifier {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length > 0) resolver.setServers([...servers]);
  const cache = new Map<string, { ok: boolean; until: number }>();
  return async (ip, suffixes) => {
    if (!suffixes.length) return false;
    const key = `${ip} ${[...suffixes].sort().join(' ')}`;
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.ok;
    let ok = false;
    try {
      const names = (await resolver.reverse(ip)).filter((n) => nameUnderSuffix(n, suffixes));
      for (const name of names.slice(0, 3)) {
        const addresses = await resolver.resolve4(name).catch(() => [] as string[]);
        if (addresses.includes(ip)) {
          ok = true;
          break;
        }
      }
    } catch {
      ok = false;
    }
    cache.delete(key);
    cache.set(key, { ok, until: now() + (ok ? VERIFIED_TTL_MS : FAILED_TTL_MS) });
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
    return ok;
  };
}
