import { minimatch } from 'minimatch';
import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { statingRules } from '../validators/documented';
import type { PathStatusCount } from './api-discovery';
import { wafDomainSchema } from './section';

/**
 * An application's API discovery settings (QShield › API Security › API Discovery): which of its
 * hosts and paths are learnt from, what is never looked at (static assets), the share of requests
 * sampled, and whether discovery is on at all.
 */
export interface ApiDiscoverySettings {
  enabled: boolean;
  /** The application's domains discovered; empty: all of them. */
  hosts: string[];
  /** Path prefixes discovered; empty: every path. */
  path_prefixes: string[];
  /** Paths never discovered: a prefix (`/static/`) or a glob (`*.js` names the last segment, `/assets/**` the whole path). */
  exclusions: string[];
  /** The share of requests discovery reads, 1–100 %: a deterministic sample by request id; counts are scaled and said to be estimates. */
  sampling_percent: number;
}

/** Static assets: what an application without settings never has discovered. */
export const DEFAULT_DISCOVERY_EXCLUSIONS: readonly string[] = [
  '/static/',
  '/assets/',
  '*.js',
  '*.css',
  '*.map',
  '*.png',
  '*.jpg',
  '*.jpeg',
  '*.gif',
  '*.svg',
  '*.ico',
  '*.webp',
  '*.woff',
  '*.woff2',
  '*.ttf',
];

/** An application without settings: on, all hosts and paths, every request, static assets excluded. */
export const DEFAULT_DISCOVERY_SETTINGS: ApiDiscoverySettings = {
  enabled: true,
  hosts: [],
  path_prefixes: [],
  exclusions: [...DEFAULT_DISCOVERY_EXCLUSIONS],
  sampling_percent: 100,
};

const PATH_PREFIX_MESSAGE = 'Should start with / and hold no space, ? or #';
const EXCLUSION_MESSAGE = 'Should be a path prefix starting with / or a glob such as *.js, with no space, ? or #';
/** Refused by the server: a host the application does not serve. */
export const DISCOVERY_HOST_MESSAGE = 'Not one of the application’s domains: {…}';

export const apiDiscoverySettingsInputSchema = statingRules(
  z.object({
    enabled: z.boolean(),
    hosts: z.array(wafDomainSchema).max(50).default([]).describe('The application’s domains discovered; empty: all of them'),
    path_prefixes: z
      .array(
        storableText()
          .trim()
          .max(200)
          .regex(/^\/[^\s?#]*$/, PATH_PREFIX_MESSAGE),
      )
      .max(50)
      .default([])
      .describe('Path prefixes discovered; empty: every path'),
    exclusions: z
      .array(
        storableText()
          .trim()
          .max(200)
          .regex(/^[/*][^\s?#]*$/, EXCLUSION_MESSAGE),
      )
      .max(100)
      .default([])
      .describe('Paths never discovered: a prefix (/static/) or a glob (*.js matches the last segment, /assets/** the whole path)'),
    sampling_percent: z.number().int().min(1).max(100).default(100).describe('The share of requests discovery reads (by request id), in percent'),
  }),
  [DISCOVERY_HOST_MESSAGE],
);

export const apiDiscoverySettingsSchema = z.object({
  application_id: z.string(),
  enabled: z.boolean(),
  hosts: z.array(z.string()),
  path_prefixes: z.array(z.string()),
  exclusions: z.array(z.string()),
  sampling_percent: z.number().int(),
  /** True while the application has no settings of its own (the defaults answer). */
  defaults: z.boolean(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type WafApiDiscoverySettings = z.infer<typeof apiDiscoverySettingsSchema>;

const isGlob = (s: string) => /[*?[\]{}]/.test(s);

/** Whether an exclusion names a path: a prefix, a glob of the whole path (with a /), or of its last segment. */
export function isExcludedPath(path: string, exclusions: readonly string[]): boolean {
  const bare = path.split(/[?#]/)[0] || '/';
  return exclusions.some((x) => (isGlob(x) ? minimatch(bare, x, { matchBase: !x.includes('/'), dot: true, nocase: true }) : bare.startsWith(x)));
}

/** Whether discovery looks at a request of this host and path under the settings (the sample aside). */
export function isDiscovered(settings: ApiDiscoverySettings, request: { host: string; path: string }): boolean {
  if (!settings.enabled) return false;
  const host = request.host.toLowerCase().replace(/:\d+$/, '');
  if (settings.hosts.length && !settings.hosts.some((h) => h === host || (h.startsWith('*.') && host.endsWith(h.slice(1))))) return false;
  const bare = request.path.split(/[?#]/)[0] || '/';
  if (settings.path_prefixes.length && !settings.path_prefixes.some((p) => bare.startsWith(p))) return false;
  return !isExcludedPath(bare, settings.exclusions);
}

/** A request of the store's counts, with its host. */
export type HostPathStatusCount = PathStatusCount & { host: string };

/**
 * The counts discovery reads: each application's rows under its settings (an application with none
 * has the defaults), the rows of requests no application served under the defaults.
 */
export function discoveryRows(rows: readonly HostPathStatusCount[], settingsOf: (applicationId: string | null) => ApiDiscoverySettings): PathStatusCount[] {
  return rows.filter((r) => isDiscovered(settingsOf(r.applicationId), r)).map(({ host: _host, ...r }) => r);
}

/**
 * Counts read from a sample scaled back to the whole: a sample of p % counts each request 100/p
 * times (rounded), so the page states them as estimates.
 */
export function scaledCount(sampled: number, samplingPercent: number): number {
  return samplingPercent >= 100 ? sampled : Math.round((sampled * 100) / samplingPercent);
}

/** An endpoint discovered from a sample, its counts scaled to the whole and marked as estimates. */
export function scaledEndpoint<E extends { requests: number; errors: number; authenticated?: number; statuses: { status: number; requests: number }[] }>(
  endpoint: E,
  samplingPercent: number,
): E & { estimated: boolean } {
  if (samplingPercent >= 100) return { ...endpoint, estimated: false };
  return {
    ...endpoint,
    requests: scaledCount(endpoint.requests, samplingPercent),
    errors: scaledCount(endpoint.errors, samplingPercent),
    ...(endpoint.authenticated === undefined ? {} : { authenticated: scaledCount(endpoint.authenticated, samplingPercent) }),
    statuses: endpoint.statuses.map((s) => ({ ...s, requests: scaledCount(s.requests, samplingPercent) })),
    estimated: true,
  };
}
