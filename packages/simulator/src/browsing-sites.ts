import { parseSiteCategoryData, SITE_CATEGORY_DATA, type WebCategoryId } from '@netloom/domain';
import { fixedShare } from './prng';

/**
 * How much of people's browsing a category draws at three times of day (office hours, the evening,
 * always), and the share of people who visit it at all (`reach`): work tools by day, streaming
 * and social networks in the evening, gambling and adult sites rarely and by few. Categories left
 * out are not browsed to: advertising, analytics and CDNs are fetched by pages (see
 * THIRD_PARTY_CATEGORIES), and nobody opens a parked domain or a mining pool on purpose.
 */
export interface BrowsingShare {
  office: number;
  evening: number;
  always: number;
  reach: number;
}

const s = (office: number, evening: number, always: number, reach: number): BrowsingShare => ({ office, evening, always, reach });

export const BROWSING_SHARES: Partial<Record<WebCategoryId, BrowsingShare>> = {
  'search-engines': s(10, 4, 1, 1),
  webmail: s(5, 2, 0.5, 0.8),
  news: s(7, 6, 1, 0.9),
  'social-networking': s(6, 12, 2, 0.9),
  'streaming-media': s(3, 14, 1, 0.85),
  music: s(2, 3, 0.5, 0.5),
  shopping: s(4, 8, 1, 0.8),
  'fashion-beauty': s(0.5, 1.5, 0.2, 0.3),
  'ai-tools': s(6, 2, 0.3, 0.6),
  business: s(6, 0.5, 0.2, 0.6),
  collaboration: s(8, 0.5, 0.2, 0.7),
  'video-conferencing': s(3, 0.2, 0, 0.6),
  messaging: s(2, 2, 0.5, 0.6),
  technology: s(6, 2, 0.5, 0.7),
  reference: s(4, 2, 0.5, 0.9),
  finance: s(1.5, 1, 0.2, 0.5),
  banking: s(1, 1, 0.2, 0.6),
  travel: s(1.5, 2, 0.3, 0.5),
  sports: s(1.5, 3, 0.5, 0.5),
  entertainment: s(1, 3, 0.5, 0.6),
  forums: s(2, 3, 0.5, 0.6),
  blogs: s(1, 1, 0.2, 0.5),
  'cloud-storage': s(2, 1, 0.3, 0.6),
  'software-updates': s(0.3, 0.3, 1, 0.8),
  'job-search': s(1, 1, 0.1, 0.25),
  education: s(1, 1, 0.2, 0.4),
  health: s(0.5, 1, 0.2, 0.4),
  government: s(0.8, 0.3, 0.1, 0.4),
  food: s(0.8, 1.5, 0.2, 0.5),
  auto: s(0.3, 0.8, 0.1, 0.2),
  'real-estate': s(0.3, 0.8, 0.1, 0.2),
  games: s(0.5, 2, 0.3, 0.3),
  'file-sharing': s(0.3, 0.3, 0.1, 0.2),
  cryptocurrency: s(0.3, 0.3, 0.1, 0.1),
  dating: s(0.2, 0.6, 0.1, 0.08),
  gambling: s(0.2, 0.6, 0.1, 0.05),
  adult: s(0.1, 0.5, 0.2, 0.04),
  'proxy-anonymizer': s(0.1, 0.1, 0.05, 0.03),
  'peer-to-peer': s(0.05, 0.2, 0.05, 0.02),
  // The vendors' test hosts: a filter that blocks threats has something to show now and then.
  phishing: s(0.02, 0.02, 0.01, 0.02),
  malware: s(0.01, 0.01, 0.01, 0.01),
};

/** Hosts pages fetch besides their own: trackers, ad servers, script CDNs. */
export const THIRD_PARTY_CATEGORIES: readonly WebCategoryId[] = ['analytics-tracking', 'advertising', 'cdn-infrastructure'];

/** Share of visits to sites the database does not know (an office's suppliers, its own portals): what url-discovery lists. */
export const UNKNOWN_SITE_SHARE = 0.05;

let lists: Map<WebCategoryId, readonly string[]> | undefined;

/** The shipped site list's domains of a category, most visited first (the list is kept in that order); read once. */
export function sitesOf(category: WebCategoryId): readonly string[] {
  lists ??= new Map(parseSiteCategoryData(SITE_CATEGORY_DATA).map((l) => [l.category as WebCategoryId, l.domains]));
  return lists.get(category) ?? [];
}

/** Zipf exponent of a category's sites: its first is visited about as often as its next four together. */
const SITE_ZIPF = 1.1;

const cumulative = new WeakMap<readonly string[], number[]>();

/** A site of the list by popularity rank, for a uniform draw `u` in [0, 1). */
export function popularSite(domains: readonly string[], u: number): string {
  let sums = cumulative.get(domains);
  if (!sums) {
    let total = 0;
    sums = domains.map((_, rank) => (total += 1 / (rank + 1) ** SITE_ZIPF));
    cumulative.set(domains, sums);
  }
  const target = u * sums[sums.length - 1]!;
  let lo = 0;
  let hi = sums.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sums[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return domains[lo]!;
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ven', 'tor', 'sa', 'lu', 'ne', 'bri', 'do', 'qu', 'zen', 'fa', 'ri', 'mo', 'tek', 'va', 'pel', 'xo'];
const UNKNOWN_PATTERNS: readonly ((x: string) => string)[] = [
  (x) => `intranet-portal-${x}.io`,
  (x) => `shop-${x}.net`,
  (x) => `${x}-consulting.com`,
  (x) => `${x}cloud.app`,
  (x) => `files-${x}.xyz`,
  (x) => `${x}-logistics.de`,
  (x) => `my${x}.dev`,
  (x) => `${x}-supplies.co.uk`,
];
/** Unknown sites each device's people visit: a few, so the discovery report lists them with real counts. */
const UNKNOWN_SITES_PER_DEVICE = 5;

/** A made-up word of two or three syllables, the same for the same parts. */
function word(...parts: (string | number)[]): string {
  const n = 2 + Math.floor(fixedShare(...parts, 'len') * 2);
  return Array.from({ length: n }, (_, i) => SYLLABLES[Math.floor(fixedShare(...parts, i) * SYLLABLES.length)]!).join('');
}

/**
 * The domains outside the database a device's people visit: plausible names ('shop-kalora.net',
 * 'intranet-portal-venmi.io'), the same few for the same seed (a device's serial) on every run.
 */
export function unknownSites(seed: string): string[] {
  return Array.from({ length: UNKNOWN_SITES_PER_DEVICE }, (_, i) => {
    const pattern = UNKNOWN_PATTERNS[Math.floor(fixedShare(seed, 'unknown site', i) * UNKNOWN_PATTERNS.length)]!;
    return pattern(word(seed, 'unknown word', i));
  });
}
