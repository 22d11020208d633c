import { Resolver } from 'node:dns/promises';

/** A domain's IPv4 addresses, [] when it has none. */
export type AddressLookup = (name: string) => Promise<string[]>;

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ESERVFAIL', 'ENONAME', 'ETIMEOUT', 'ECONNREFUSED']);

/** The system's resolver, or the servers given (WAF_DNS_SERVERS). */
export function dnsAddressLookup(servers: readonly string[], timeoutMs: number): AddressLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return await resolver.resolve4(name);
    } catch (error) {
      if (NOT_FOUND.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  };
}

/**
 * Whether each domain points at an edge that serves it: one of its addresses is a serving edge's
 * public address. A wildcard domain is checked at a name under it.
 */
export async function checkDomains(lookup: AddressLookup, domains: readonly string[], edgeAddresses: readonly string[]) {
  const edges = new Set(edgeAddresses);
  return Promise.all(
    domains.map(async (domain) => {
      const name = domain.startsWith('*.') ? `netloom-check.${domain.slice(2)}` : domain;
      const addresses = await lookup(name).catch(() => [] as string[]);
      return { domain, addresses, ok: addresses.some((a) => edges.has(a)) };
    }),
  );
}
