import ipaddr from 'ipaddr.js';

/** `::/96`: the deprecated IPv4-compatible IPv6 addresses (RFC 4291), `::` and `::1` among them. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether a tenant's webhook may be sent to this address: only a globally routable unicast one,
 * never the server's own machine, a private, link-local, shared (CGNAT), multicast, reserved or
 * documentation network, nor an IPv6 range that carries an IPv4 address elsewhere (NAT64, 6to4,
 * Teredo). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is judged as the IPv4 address it
 * carries, since that is the host a connection to it reaches; mapped public addresses stay
 * allowed. Anything that is not an address (a name, a malformed string) is not allowed.
 */
export function webhookMayReach(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) ip = ipaddr.IPv4.parse(address);
  else if (ipaddr.IPv6.isValid(address)) ip = ipaddr.IPv6.parse(address);
  else return false;
  if (ip instanceof ipaddr.IPv6) {
    if (ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
    else if (ip.match(IPV4_COMPATIBLE)) return false;
  }
  return ip.range() === 'unicast';
}
