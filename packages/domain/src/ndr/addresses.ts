import { isCidr, isIPv4 } from '../validators/ipv4';

/**
 * Inside or outside: an address of the organisation's own networks (RFC 1918 private, shared
 * CGNAT 100.64/10, link-local, loopback) or one the tenant names as its own (public addresses
 * used inside). Rules ask this for every record, so it compares numbers rather than parsing.
 */
const INTERNAL_V4: readonly (readonly [string, number])[] = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['127.0.0.0', 8],
];

interface Range {
  net: number;
  mask: number;
}

/**
 * 'a.b.c.d' as an unsigned 32-bit number by its characters (the rules ask for every record, and
 * splitting strings cost more than the rules' own work); -1 for anything that is not an address.
 */
export function ipv4Number(ip: string): number {
  let n = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || ++dots > 3) return -1;
      n = n * 256 + octet;
      octet = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      octet = octet * 10 + (c - 48);
      digits++;
      if (octet > 255) return -1;
    } else return -1;
  }
  return dots === 3 && digits > 0 ? n * 256 + octet : -1;
}

const maskOf = (bits: number) => (bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0);
const rangeOf = (base: string, bits: number): Range => ({ net: (ipv4Number(base) & maskOf(bits)) >>> 0, mask: maskOf(bits) });
const inRange = (n: number, r: Range) => (n & r.mask) >>> 0 === r.net;
const BUILT_IN = INTERNAL_V4.map(([base, bits]) => rangeOf(base, bits));

/** An address or 'x.x.x.x/y' as a range; null for anything else. */
export function ndrRangeOf(value: string): Range | null {
  if (isIPv4(value)) return rangeOf(value, 32);
  if (!isCidr(value)) return null;
  const [base, bits] = value.split('/') as [string, string];
  return rangeOf(base, Number(bits));
}

export function isInternalAddress(ip: string): boolean {
  const n = ipv4Number(ip);
  return n >= 0 && BUILT_IN.some((r) => inRange(n, r));
}

/** Multicast (224/4) and the limited broadcast: one packet to many hosts, never a conversation with a peer. */
export const isGroupAddress = (ip: string): boolean => {
  const first = Number(ip.slice(0, ip.indexOf('.')));
  return first >= 224;
};

/** A membership test over addresses and networks (the tenant's own networks, hosts a rule leaves alone). */
export function addressMatcher(entries: readonly string[]): (ip: string) => boolean {
  const ranges = entries.map(ndrRangeOf).filter((r): r is Range => r !== null);
  if (ranges.length === 0) return () => false;
  return (ip) => {
    const n = ipv4Number(ip);
    return n >= 0 && ranges.some((r) => inRange(n, r));
  };
}

/** Inside for a tenant: the built-in private ranges and the networks it adds. */
export function internalMatcher(extra: readonly string[]): (ip: string) => boolean {
  const own = addressMatcher(extra);
  return (ip) => isInternalAddress(ip) || own(ip);
}
