import { Resolver } from 'node:dns/promises';

/** The TXT records at a name, each as its character strings; none (or no such name): []. */
export type TxtLookup = (name: string) => Promise<string[][]>;

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN']);

/**
 * TXT lookups through the system's resolvers, or the ones named (SSO_DNS_SERVERS) when the server
 * must ask a particular DNS (split horizon, a lab). A name that does not exist answers no records;
 * any other failure (timeout, refused) is thrown, so the owner sees "try again", not "not found".
 */
export function dnsTxtLookup(servers: readonly string[], timeoutMs: number): TxtLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return await resolver.resolveTxt(name);
    } catch (error) {
      if (NOT_FOUND.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  };
}

/**
 * A lab's override (SSO_LAB_VERIFIED_DOMAINS): the listed domains pass the check with whatever
 * token they are asked for, and every other name goes to DNS. For tests and demonstrations on
 * machines without a DNS zone of their own; never set in production.
 */
export function withLabDomains(
  lookup: TxtLookup,
  labDomains: readonly string[],
  txtName: (domain: string) => string,
  value: (token: string) => string,
): (domain: string, token: string) => Promise<string[][]> {
  const lab = new Set(labDomains.map((d) => d.toLowerCase()));
  return async (domain, token) => (lab.has(domain) ? [[value(token)]] : lookup(txtName(domain)));
}
