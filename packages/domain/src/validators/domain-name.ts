import { isCidr, isIPv4 } from './ipv4';

const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^[A-Za-z]{2,63}$/;

/** A fully qualified domain name: at most 253 characters, labels of 1–63, a top level of 2–63 letters. */
export function isFqdn(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1]!;
  return TOP_LEVEL.test(top) && labels.slice(0, -1).every((l) => LABEL.test(l));
}

/** The ip-fqdn input: IPv4, a domain name, or an IPv4 subnet; empty passes (spec 000 §5). */
export const isIpOrSubnetOrFqdn = (value: string): boolean => value === '' || isIPv4(value) || isCidr(value) || isFqdn(value);

/** The ipOrFqdn chip type: an address or a domain name. */
export const isIpOrFqdn = (value: string): boolean => isIPv4(value) || isFqdn(value);

const SCHEME = '(?:https?:\\/\\/)?';
const WILDCARD = '(?:\\*\\.)?';
const PORT = '(?::\\d{1,5})?';
const PATH = "(?:[/?#][\\w\\-.~%!$&'()*+,;=:@/?#]*)?";

/**
 * URL or domain with an optional scheme and an optional leading wildcard label (spec 000 §5 names
 * two variants): with `allowPath` a path, query or fragment may follow (URL), without it the
 * value is a host only (domain rule).
 */
export function isUrlOrDomain(value: string, opts: { allowPath: boolean } = { allowPath: true }): boolean {
  const match = new RegExp(`^${SCHEME}${WILDCARD}([^/:?#]+)${PORT}${opts.allowPath ? PATH : ''}$`, 'i').exec(value);
  if (!match?.[1]) return false;
  const portMatch = /:(\d{1,5})(?:[/?#]|$)/.exec(value.replace(/^https?:\/\//i, ''));
  if (portMatch && Number(portMatch[1]) > 65535) return false;
  return isFqdn(match[1]);
}

/** The url+ip chip type. */
export const isUrlOrIp = (value: string): boolean => isIPv4(value) || isUrlOrDomain(value);
