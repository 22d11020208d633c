/**
 * The tenant bench:webfilter evaluates: a large organisation's web filter as a device gets it (the
 * `web_filter` section), built from a seed so that every run decides the same requests.
 *
 * Policies are drawn like an administrator's list: a few for everyone, most for groups, some for
 * named users, endpoints or device groups; mostly 'block', some 'allow' exceptions and 'log'
 * monitors, a few disabled or scheduled. Custom URLs are split between the organisation's own
 * lists and the policies' lists, a mix of plain domains, '*.' wildcards and path rules, on
 * invented domains (intranets, vendors) and on sites of the shipped category database.
 */
import { parseSiteCategoryData, WEB_APPLICATIONS, WEB_CATEGORIES, webFilterSectionSchema, type WebFilterSection } from '@netloom/domain';
import { SITE_CATEGORY_DATA } from '../../packages/domain/src/webfilter/site-categories';
import { chance, mulberry32, pick, randomInt, type Random } from '../../packages/simulator/src/prng';

export interface TenantShape {
  policies: number;
  customUrls: number;
  users: number;
  groups: number;
  endpoints: number;
  deviceGroups: number;
}

export interface BenchTenant {
  section: WebFilterSection;
  /** Every registrable domain of the shipped site list. */
  knownDomains: string[];
  /** Every custom URL as written, for the request stream to ask about. */
  customUrls: string[];
  users: string[];
  endpoints: string[];
  /** The device group of each endpoint (same index). */
  endpointGroups: string[];
}

/** A v4-shaped id from a number, so that the tenant is the same on every run. */
const benchUuid = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const WORDS = [
  'intranet',
  'portal',
  'vendor',
  'partner',
  'wiki',
  'crm',
  'files',
  'tools',
  'legacy',
  'status',
  'shop',
  'media',
  'forum',
  'games',
  'betting',
  'proxy',
];
const TLDS = ['com', 'net', 'org', 'io', 'de', 'co.uk', 'fr', 'info'];
const PATHS = ['docs', 'admin', 'login', 'api', 'groups', 'watch', 'download', 'careers', 'blog', 'forum', 'edu', 'live'];

/** An invented domain that the site list does not know. */
export const inventedDomain = (random: Random) => `${pick(random, WORDS)}-${randomInt(random, 1, 99_999)}.${pick(random, TLDS)}`;

/**
 * A custom URL as an admin writes it: 60 % a domain, 20 % a wildcard, 20 % a path rule; one in
 * twenty on a site of the shipped list (an exception or a block on a known site), the rest on
 * domains the list does not know (intranets, vendors, niche sites).
 */
function customUrl(random: Random, knownDomains: readonly string[]): string {
  const domain = chance(random, 0.05) ? pick(random, knownDomains) : inventedDomain(random);
  const kind = random();
  if (kind < 0.6) return domain;
  if (kind < 0.8) return `*.${domain}`;
  return `${domain}/${pick(random, PATHS)}${chance(random, 0.3) ? `/${randomInt(random, 1, 50)}` : ''}`;
}

/** Distinct custom URLs (a list refuses duplicates), as many as asked. */
function customUrls(random: Random, count: number, knownDomains: readonly string[]): string[] {
  const urls = new Set<string>();
  while (urls.size < count) urls.add(customUrl(random, knownDomains));
  return [...urls];
}

const sample = <T>(random: Random, items: readonly T[], count: number): T[] => {
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, items.length)) chosen.add(pick(random, items));
  return [...chosen];
};

const SCHEDULES = [
  { time_zone: 'Europe/Berlin', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '08:00', end: '18:00' }] },
  { time_zone: 'America/New_York', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '17:00' }] },
  { time_zone: 'Asia/Kolkata', windows: [{ days: ['sat', 'sun'], start: '00:00', end: '24:00' }] },
  { time_zone: 'UTC', windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '22:00', end: '06:00' }] },
];

export function buildTenant(shape: TenantShape, seed = 7): BenchTenant {
  const random = mulberry32(seed);
  const knownDomains = parseSiteCategoryData(SITE_CATEGORY_DATA).flatMap((line) => line.domains);
  const categories = WEB_CATEGORIES.map((c) => c.id);
  // The policy schema takes application ids of 2 to 40 characters, which leaves out X ('x').
  const applications = WEB_APPLICATIONS.map((a) => a.id).filter((id) => id.length >= 2);
  const groups = Array.from({ length: shape.groups }, (_, i) => benchUuid(0x6a, i));
  const deviceGroups = Array.from({ length: shape.deviceGroups }, (_, i) => benchUuid(0xd6, i));
  const users = Array.from({ length: shape.users }, (_, i) => `user${i}@corp.example`);
  const endpoints = Array.from({ length: shape.endpoints }, (_, i) => benchUuid(0xe0, i));
  const endpointGroups = endpoints.map((_, i) => deviceGroups[i % deviceGroups.length]!);
  // Each user is in one to three groups: the device knows users, the policies name groups.
  const userGroups = Object.fromEntries(users.map((u) => [u, sample(random, groups, randomInt(random, 1, 3))]));

  // A fifth of the custom URLs are the organisation's own (allowed then blocked); the rest go to the policies.
  const urls = customUrls(random, shape.customUrls, knownDomains);
  const own = Math.round(urls.length / 5);
  const ownAllowed = urls.slice(0, Math.round(own / 3));
  const ownBlocked = urls.slice(ownAllowed.length, own);
  const perPolicy = (urls.length - own) / shape.policies;

  const policies = Array.from({ length: shape.policies }, (_, i) => {
    const mine = urls.slice(own + Math.round(i * perPolicy), own + Math.round((i + 1) * perPolicy));
    const allowedCount = Math.round(mine.length / 4);
    const who = random();
    const applies_to =
      i < 5 || who < 0.05
        ? { everyone: true }
        : who < 0.55
          ? { groups: sample(random, groups, randomInt(random, 1, 3)) }
          : who < 0.75
            ? { users: sample(random, users, randomInt(random, 1, 20)) }
            : who < 0.9
              ? { endpoints: sample(random, endpoints, randomInt(random, 1, 30)) }
              : { device_groups: sample(random, deviceGroups, randomInt(random, 1, 2)) };
    const kind = random();
    return {
      id: benchUuid(0x90, i),
      order: i + 1,
      name: `Policy ${i + 1}`,
      enabled: !chance(random, 0.05),
      action: kind < 0.75 ? 'block' : kind < 0.9 ? 'allow' : 'log',
      applies_to,
      blocked_categories: chance(random, 0.02) ? ['*'] : sample(random, categories, randomInt(random, 0, 8)),
      allowed_categories: sample(random, categories, randomInt(random, 0, 2)),
      blocked_applications: chance(random, 0.3) ? sample(random, applications, randomInt(random, 1, 3)) : [],
      allowed_urls: mine.slice(0, allowedCount),
      blocked_urls: mine.slice(allowedCount),
      allowed_ips: chance(random, 0.1) ? [`10.${i % 256}.0.0/16`] : [],
      blocked_ips: chance(random, 0.1) ? [`203.0.${i % 256}.0/24`, `198.51.100.${i % 200}-198.51.100.${(i % 200) + 50}`] : [],
      schedule: chance(random, 0.03) ? pick(random, SCHEDULES) : null,
    };
  });

  const section = webFilterSectionSchema.parse({
    enabled: true,
    default_action: 'allow',
    allowed_urls: ownAllowed,
    blocked_urls: ownBlocked,
    site_categories: Object.fromEntries(Array.from({ length: 50 }, () => [inventedDomain(random), pick(random, categories)])),
    policies,
    user_groups: userGroups,
  });
  return { section, knownDomains, customUrls: urls, users, endpoints, endpointGroups };
}
