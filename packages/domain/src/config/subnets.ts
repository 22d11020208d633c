import { ipv4ToNumber, isCidr } from '../validators/ipv4';

/** An IPv4 subnet as a range of 32-bit numbers. */
export interface Subnet {
  network: number;
  broadcast: number;
}

const mask = (prefix: number) => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

export function subnetOf(ip: string, prefix: number): Subnet {
  const network = (ipv4ToNumber(ip) & mask(prefix)) >>> 0;
  return { network, broadcast: (network | (~mask(prefix) >>> 0)) >>> 0 };
}

/** 'a.b.c.d/n' whose address is the network itself (10.1.0.0/16, not 10.1.2.3/16). */
export function isNetworkCidr(value: string): boolean {
  if (!isCidr(value)) return false;
  const [ip, prefix] = value.split('/') as [string, string];
  return subnetOf(ip, Number(prefix)).network === ipv4ToNumber(ip);
}

export const contains = (s: Subnet, ip: string): boolean => {
  const n = ipv4ToNumber(ip);
  return n >= s.network && n <= s.broadcast;
};

export const overlaps = (a: Subnet, b: Subnet): boolean => a.network <= b.broadcast && b.network <= a.broadcast;

/** 'a.b.c.d/n' as a range. */
export function subnetOfCidr(cidr: string): Subnet {
  const [ip, prefix] = cidr.split('/') as [string, string];
  return subnetOf(ip, Number(prefix));
}

/** Every address of `inner` is in `outer`. */
export const within = (inner: Subnet, outer: Subnet): boolean => inner.network >= outer.network && inner.broadcast <= outer.broadcast;
