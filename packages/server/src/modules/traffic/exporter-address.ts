import ipaddr from 'ipaddr.js';

/**
 * An address in the one text the collector compares: IPv4 dotted, IPv6 as RFC 5952, and an
 * IPv4-mapped IPv6 address (what a dual-stack socket reports for an IPv4 sender) as its IPv4.
 */
export function canonicalAddress(address: string): string {
  return ipaddr.process(address).toString();
}
