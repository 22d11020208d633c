import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { webhookMayReach } from '@netloom/domain';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into its addresses: the system's resolver, or a test's own. */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** What a webhook target allows: the operator's switch for labs (and tests), and how names are resolved. */
export interface TargetPolicy {
  allowPrivate: boolean;
  resolve: HostResolver;
  /** Which addresses count as public: the domain's rule (webhookMayReach); a test names a loopback stand-in for a public host, so no test packet leaves the machine. */
  mayReach?: (address: string) => boolean;
  /** What a refusal of a private address says is allowed instead (webhooks' words unless told). */
  publicOnly?: string;
}

/** A name that has not resolved in this long counts as not resolving (a stuck resolver must not hold a request). */
const RESOLVE_TIMEOUT_MS = 5_000;

/** The address to connect to, or why the URL may not be called (a sentence for the console and the delivery log). */
export type WebhookTarget = { address: ResolvedAddress } | { refused: string };

async function addressesOf(host: string, resolve: HostResolver): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family: family === 6 ? 6 : 4 }];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${RESOLVE_TIMEOUT_MS / 1000} s`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves a webhook URL's host once and judges every address it has: one that is private or
 * local (webhookMayReach) refuses the URL, so a tenant cannot make the server call into the network
 * it runs in, unless the operator allows it. The answer is the address the request must then
 * connect to (pinnedLookup): resolving the name a second time for the request could give another
 * address than the one checked (DNS rebinding).
 */
export async function resolveTarget(url: string, policy: TargetPolicy): Promise<WebhookTarget> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  try {
    addresses = await addressesOf(host, policy.resolve);
  } catch (err) {
    const why = (err as { code?: unknown }).code ?? (err instanceof Error ? err.message : 'failed');
    return { refused: `${host} could not be resolved (${String(why)})` };
  }
  const first = addresses[0];
  if (!first) return { refused: `${host} has no address` };
  const mayReach = policy.mayReach ?? webhookMayReach;
  if (!policy.allowPrivate && addresses.some((a) => !mayReach(a.address))) {
    return { refused: `${host} is a private or local address: ${policy.publicOnly ?? 'webhooks are sent to public addresses only'}` };
  }
  return { address: first };
}

/**
 * A `lookup` for http.request that answers the address resolveTarget checked, whatever name it is
 * asked for: the connection goes where the check said it may. The URL keeps its name, so the Host
 * header and TLS (SNI, the certificate's name) are the name's.
 */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
