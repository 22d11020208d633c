import { isFqdn, isUrlOrDomain } from '../validators/domain-name';
import { isCidr, isIPv4, isIPv4Range, ipv4ToNumber } from '../validators/ipv4';

/**
 * Custom URL rules, as an admin types them (spec 000 §5 URL validator: optional scheme, optional
 * leading wildcard, optional path):
 *
 * - `example.com` matches the domain and every subdomain (`www.example.com`, `a.b.example.com`);
 * - `*.example.com` matches the subdomains only, not `example.com` itself;
 * - `example.com/docs` matches those hosts when the path is `/docs` or below it (`/docs/a`,
 *   `/docs?x=1`), never `/docsearch`;
 * - the scheme and a port are ignored, the host is compared without case, the path with case.
 */
export interface UrlPattern {
  /** Lower-case host without the wildcard label. */
  host: string;
  /** Only subdomains of `host` match. */
  subdomainsOnly: boolean;
  /** '' for any path; otherwise starts with '/' and has no trailing '/'. */
  path: string;
}

export const isUrlPattern = (value: string): boolean => isUrlOrDomain(value.trim());

/** The rule a valid pattern states; null for text that is not one. */
export function parseUrlPattern(value: string): UrlPattern | null {
  const text = value.trim();
  if (!isUrlOrDomain(text)) return null;
  const rest = text.replace(/^https?:\/\//i, '');
  const cut = rest.search(/[/?#]/);
  const hostPort = cut < 0 ? rest : rest.slice(0, cut);
  let path = cut < 0 ? '' : rest.slice(cut);
  path = path.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const host = hostPort.replace(/:\d+$/, '').toLowerCase();
  const subdomainsOnly = host.startsWith('*.');
  return { host: subdomainsOnly ? host.slice(2) : host, subdomainsOnly, path };
}

/** A request's URL taken apart: the host (lower-case, no trailing dot) and the path ('/' at least). */
export interface RequestUrl {
  host: string;
  path: string;
}

const isLetter = (ch: number) => (ch >= 97 && ch <= 122) || (ch >= 65 && ch <= 90);
const isDigit = (ch: number) => ch >= 48 && ch <= 57;

/** Whether a text holds white space (what /\s/ finds); a character loop, as most hosts have none. */
function hasSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    // Below '!' or beyond ASCII: the only places white space can be; the regular expression decides those.
    if (ch <= 32 || ch > 126) return /\s/.test(text);
  }
  return false;
}

/** The length of a leading `scheme://` (letter, then letters, digits, '+', '.', '-'), 0 when there is none. */
function schemeLength(text: string): number {
  if (!isLetter(text.charCodeAt(0))) return 0;
  for (let i = 1; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 58) return text.startsWith('//', i + 1) ? i + 3 : 0;
    if (!isLetter(ch) && !isDigit(ch) && ch !== 43 && ch !== 46 && ch !== 45) return 0;
  }
  return 0;
}

/**
 * A URL or a bare host as a request names it; null when there is no host in it. Read by hand, not
 * with regular expressions: a device reads every request's URL (see bench:webfilter).
 */
export function requestUrlOf(value: string): RequestUrl | null {
  const text = value.trim();
  if (text === '') return null;
  const start = schemeLength(text);
  // The host ends at the path, the query or the fragment.
  let cut = -1;
  for (let i = start; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 47 || ch === 63 || ch === 35) {
      cut = i;
      break;
    }
  }
  let hostPort = text.slice(start, cut < 0 ? text.length : cut);
  const at = hostPort.indexOf('@');
  if (at >= 0) hostPort = hostPort.slice(at + 1);
  // A trailing ':port' (digits, maybe none), then a DNS root dot.
  let end = hostPort.length;
  const colon = hostPort.lastIndexOf(':');
  if (colon >= 0) {
    let digits = colon + 1;
    while (digits < end && isDigit(hostPort.charCodeAt(digits))) digits++;
    if (digits === end) end = colon;
  }
  if (end > 0 && hostPort.charCodeAt(end - 1) === 46) end--;
  const host = hostPort.slice(0, end).toLowerCase();
  if (host === '' || hasSpace(host)) return null;
  if (cut < 0) return { host, path: '/' };
  const path = text.slice(cut);
  return { host, path: path.charCodeAt(0) === 47 ? path : `/${path}` };
}

/** What the Test-a-URL tool says when it cannot read a host it could judge in the text. */
export const TESTABLE_URL_MESSAGE = 'Enter a web address, such as https://www.example.com/page or example.com';

/**
 * Whether a text names a request the filter can judge: a host that is a domain name or an IPv4
 * address, with an optional scheme, port and path. Anything else ('not a url') would otherwise
 * fall through every rule and read as Allowed, a verdict about nothing.
 */
export function isTestableUrl(value: string): boolean {
  const url = requestUrlOf(value);
  return url !== null && (isFqdn(url.host) || isIPv4(url.host));
}

/** Whether a path falls under a pattern's path: the same path or below it, query and fragment ignored. */
export function pathMatches(patternPath: string, requestPath: string): boolean {
  if (patternPath === '') return true;
  const path = requestPath.replace(/[?#].*$/, '');
  return path === patternPath || path.startsWith(`${patternPath}/`);
}

/** Whether one pattern matches a request (the compiled policies do the same through a host index). */
export function urlPatternMatches(pattern: UrlPattern, url: RequestUrl): boolean {
  const hostMatch = pattern.subdomainsOnly ? url.host.endsWith(`.${pattern.host}`) : url.host === pattern.host || url.host.endsWith(`.${pattern.host}`);
  return hostMatch && pathMatches(pattern.path, url.path);
}

/** The hosts to look a request's host up under: itself and every parent domain ('a.b.c' → a.b.c, b.c, c). */
export function hostSuffixes(host: string): string[] {
  const out = [host];
  for (let i = host.indexOf('.'); i >= 0; i = host.indexOf('.', i + 1)) out.push(host.slice(i + 1));
  return out;
}

/** IP rules: an address, a subnet 'a.b.c.d/n' or a range 'a.b.c.d-e.f.g.h'. */
export const isIpRule = (value: string): boolean => isIPv4(value) || isCidr(value) || isIPv4Range(value);

/** An IP rule as the inclusive range of 32-bit numbers it covers. */
export function ipRuleRange(rule: string): [number, number] | null {
  const value = rule.trim();
  if (isIPv4(value)) {
    const n = ipv4ToNumber(value);
    return [n, n];
  }
  if (isCidr(value)) {
    const [ip, prefix] = value.split('/') as [string, string];
    const bits = Number(prefix);
    const size = 2 ** (32 - bits);
    const start = Math.floor(ipv4ToNumber(ip) / size) * size;
    return [start, start + size - 1];
  }
  if (isIPv4Range(value)) {
    const [a, b] = value.split('-') as [string, string];
    return [ipv4ToNumber(a), ipv4ToNumber(b)];
  }
  return null;
}
