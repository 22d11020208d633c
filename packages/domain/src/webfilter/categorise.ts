import { getDomain, getHostname } from 'tldts';
import { UNCATEGORISED, webCategoryById, type WebCategoryId } from './categories';
import { SITE_CATEGORY_DATA } from './site-categories';

export type HostCategory = WebCategoryId | typeof UNCATEGORISED.id;

/**
 * The registrable domain of a host or URL ('https://news.bbc.co.uk/x' → 'bbc.co.uk'), the unit
 * the site list is kept in: one entry per owner covers every subdomain, and a lookalike such as
 * 'evil-facebook.com' stays a different domain. Only the ICANN part of the public suffix list
 * counts, so 'someone.blogspot.com' is blogspot.com: the platform is what the list can know.
 * Null for an IP address (it names no domain) and for what has no registrable domain
 * ('localhost', 'co.uk').
 */
export function registrableDomain(host: string): string | null {
  // An HTTP host may carry a port and a DNS name its root dot; getHostname drops the port.
  const hostname = getHostname(host.trim().toLowerCase())?.replace(/\.$/, '');
  if (!hostname) return null;
  // getDomain detects IPv4 and IPv6 addresses and answers null for them.
  return getDomain(hostname);
}

export interface SiteCategoryLine {
  readonly category: string;
  readonly domains: readonly string[];
}

/** SITE_CATEGORY_DATA's lines as written: `category-id: domain domain …`, blank lines skipped. */
export function parseSiteCategoryData(data: string): SiteCategoryLine[] {
  const lines: SiteCategoryLine[] = [];
  for (const raw of data.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) throw new Error(`Site category line without a category: ${line.slice(0, 40)}`);
    lines.push({
      category: line.slice(0, colon).trim(),
      domains: line
        .slice(colon + 1)
        .trim()
        .split(/\s+/)
        .filter(Boolean),
    });
  }
  return lines;
}

let byDomain: Map<string, WebCategoryId> | undefined;

/**
 * Built on the first lookup, not at import: most importers of this package never categorise a
 * host. A data error throws here, which the tests turn into a failure before a build ships.
 */
function siteMap(): Map<string, WebCategoryId> {
  if (byDomain) return byDomain;
  const map = new Map<string, WebCategoryId>();
  for (const { category, domains } of parseSiteCategoryData(SITE_CATEGORY_DATA)) {
    const known = webCategoryById(category);
    if (!known) throw new Error(`Unknown web category in the site list: ${category}`);
    for (const domain of domains) {
      if (map.has(domain)) throw new Error(`Domain listed twice in the site list: ${domain}`);
      map.set(domain, known.id as WebCategoryId);
    }
  }
  byDomain = map;
  return map;
}

/**
 * The category of a host (or URL) by its registrable domain, so 'm.facebook.com' and
 * 'WWW.Facebook.COM.' are Facebook's. An IP address or a domain the list does not know is
 * 'uncategorised'; `domain` says what was looked up (null when there was no domain to look up).
 */
export function categoryOfHost(host: string): { category: HostCategory; domain: string | null } {
  const domain = registrableDomain(host);
  if (domain === null) return { category: UNCATEGORISED.id, domain };
  return { category: siteMap().get(domain) ?? UNCATEGORISED.id, domain };
}

/** The display name of a category id: 'Uncategorised' for that id, the id itself if unknown. */
export function categoryName(id: string): string {
  if (id === UNCATEGORISED.id) return UNCATEGORISED.name;
  return webCategoryById(id)?.name ?? id;
}
