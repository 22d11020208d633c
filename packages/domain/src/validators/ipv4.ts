/**
 * IPv4, ports, ranges and subnets (spec 000 §5, 001 §5). The spec gives no exact patterns, so these
 * are the strictest that accept every valid value: dotted quads of 0–255 without leading zeros,
 * ports without leading zeros.
 */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const PORT_0 = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3}|0)';
const PREFIX = '(?:3[0-2]|[12]?\\d)';

const ipv4Re = new RegExp(`^${IPV4}$`);
const ipv4PortRe = new RegExp(`^${IPV4}(?::${PORT_0})?$`);
const cidrRe = new RegExp(`^${IPV4}/${PREFIX}$`);
const ipOptionalPrefixRe = new RegExp(`^${IPV4}(?:/${PREFIX})?$`);
const port0Re = new RegExp(`^${PORT_0}$`);

export const isIPv4 = (value: string): boolean => ipv4Re.test(value);

/** 'a.b.c.d' as a 32-bit number, for range checks. */
export function ipv4ToNumber(value: string): number {
  return value.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
}

/** 'a-b': two addresses, the first not after the second. */
export function isIPv4Range(value: string): boolean {
  const parts = value.split('-');
  if (parts.length !== 2) return false;
  const [from, to] = parts as [string, string];
  return isIPv4(from) && isIPv4(to) && ipv4ToNumber(from) <= ipv4ToNumber(to);
}

/** An address with an optional ':port' of 0–65535 (the pattern list's range). */
export const isIPv4WithOptionalPort = (value: string): boolean => ipv4PortRe.test(value);

/** The pattern list's port: 0–65535. */
export const isPortPattern = (value: string): boolean => port0Re.test(value);

/** A port typed into an input: 1–65535. */
export const isPort = (value: string): boolean => port0Re.test(value) && value !== '0';

/** 'x.x.x.x/y' with a prefix of 0–32. */
export const isCidr = (value: string): boolean => cidrRe.test(value);

/** An address with an optional '/prefix' (the ipsub type). */
export const isIPv4OptionalPrefix = (value: string): boolean => ipOptionalPrefixRe.test(value);

/** 'a:b' with both ends valid input ports and a < b. */
export function isPortRange(value: string): boolean {
  const parts = value.split(':');
  if (parts.length !== 2) return false;
  const [a, b] = parts as [string, string];
  return isPort(a) && isPort(b) && Number(a) < Number(b);
}
