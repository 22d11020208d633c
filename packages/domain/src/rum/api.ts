import { z } from 'zod';
import { paginated } from '../api/pagination';
import { windowEndDocumented, windowRule } from '../api/time-window';
import { statingRules } from '../validators/documented';
import { filledText, storableText } from '../validators/storable-text';
import { RUM_DEVICE_CLASSES } from './client';
import { VITAL_NAMES, VITAL_RATINGS } from './vitals';

/** The RUM calls under `/api/v1/` (product `rum`), and the public ingest and SDK paths. */
export const RUM_PATHS = {
  sites: 'rum/sites/',
  site: (id: string) => `rum/sites/${id}/`,
  snippet: (id: string) => `rum/sites/${id}/snippet/`,
  sourceMaps: (id: string) => `rum/sites/${id}/sourcemaps/`,
  sourceMap: (id: string, mapId: string) => `rum/sites/${id}/sourcemaps/${mapId}/`,
  overview: 'rum/overview/',
  timeseries: 'rum/vitals/timeseries/',
  breakdown: 'rum/vitals/breakdown/',
  slowestPages: 'rum/slowest-pages/',
  errors: 'rum/errors/',
  sessions: 'rum/sessions/',
  session: (sessionId: string) => `rum/sessions/${sessionId}/`,
  alerts: 'rum/alerts/',
  alert: (id: string) => `rum/alerts/${id}/`,
  /** Public: where beacons go (under /api/v1/). */
  ingest: (publicKey: string) => `rum/ingest/${publicKey}/`,
} as const;
/** Public: the SDK bundle, outside /api/v1/. */
export const RUM_SDK_PATH = '/rum/sdk/v1/netloom-rum.js';

/** Website (pages loaded one by one) or single-page app (route changes): the RUM page's two tabs. */
export const RUM_SITE_KINDS = ['website', 'app'] as const;
export type RumSiteKind = (typeof RUM_SITE_KINDS)[number];

export const RUM_MAX_ORIGINS = 20;
/** An origin as browsers send it: scheme, host and an optional port, nothing after. */
const ORIGIN_PATTERN = '^https?://[A-Za-z0-9.-]+(?::\\d{1,5})?$';
export const rumOriginSchema = z
  .string()
  .max(260)
  .regex(new RegExp(ORIGIN_PATTERN), 'An origin is a scheme and a host, like https://shop.example.com')
  .meta({ examples: ['https://shop.example.com'] })
  .transform((o) => o.toLowerCase());

export const rumSiteSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  kind: z.enum(RUM_SITE_KINDS),
  origins: z.array(z.string()),
  sample_rate: z.number(),
  honour_dnt: z.boolean(),
  public_key: z.string(),
  created_at: z.string(),
  last_beacon_at: z.string().nullable(),
});
export type RumSite = z.infer<typeof rumSiteSchema>;

const siteFields = {
  name: filledText().min(1).max(100),
  kind: z.enum(RUM_SITE_KINDS),
  origins: z.array(rumOriginSchema).min(1).max(RUM_MAX_ORIGINS),
  // To four decimals: the column is a real, and a subnormal rate (1e-320) is no rate PostgreSQL stores.
  sample_rate: z
    .number()
    .min(0)
    .max(1)
    .transform((v) => Math.round(v * 10_000) / 10_000),
  honour_dnt: z.boolean(),
};
export const rumSiteInputSchema = z.object({
  ...siteFields,
  sample_rate: siteFields.sample_rate.default(1),
  honour_dnt: siteFields.honour_dnt.default(false),
});
export type RumSiteInput = z.infer<typeof rumSiteInputSchema>;
export const rumSitePatchSchema = z.object(siteFields).partial();
export type RumSitePatch = z.infer<typeof rumSitePatchSchema>;

export const rumSnippetSchema = z.object({ snippet: z.string(), sdk_url: z.string(), ingest_url: z.string() });

/** A source map may be up to 5 MB of JSON. */
export const RUM_SOURCE_MAP_LIMIT = 5 * 1024 * 1024;
export const SOURCE_MAP_RULE = 'Not a source map (JSON with version 3, sources and mappings)';
export function isSourceMapText(text: string): boolean {
  try {
    const m = JSON.parse(text) as { version?: unknown; mappings?: unknown; sources?: unknown };
    return m.version === 3 && typeof m.mappings === 'string' && Array.isArray(m.sources);
  } catch {
    return false;
  }
}
export const rumSourceMapInputSchema = statingRules(
  z.object({
    release: filledText().min(1).max(100),
    file_url: storableText().url().max(2048),
    map: storableText().min(2).max(RUM_SOURCE_MAP_LIMIT).refine(isSourceMapText, SOURCE_MAP_RULE),
  }),
  [SOURCE_MAP_RULE],
);
export type RumSourceMapInput = z.infer<typeof rumSourceMapInputSchema>;
export const rumSourceMapSchema = z.object({
  id: z.string().uuid(),
  site_id: z.string().uuid(),
  release: z.string(),
  file_url: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type RumSourceMap = z.infer<typeof rumSourceMapSchema>;

/** The longest window a query answers (raw rows are kept 30 days, daily rollups a year). */
export const RUM_MAX_WINDOW_DAYS = 400;
const WINDOW = { maxDays: RUM_MAX_WINDOW_DAYS } as const;
const queryFields = {
  /** The tenant to act in (the console's `tid`, as every tenant call takes it). */
  tid: z.string().uuid().optional(),
  site_id: z.string().uuid().describe('The RUM site or app'),
  start_time: z.string().datetime({ offset: true }).optional().describe("The window's start (ISO 8601); a day before the end by default"),
  // Now by default (the document's description is the window rule's).
  end_time: windowEndDocumented(z.string().datetime({ offset: true }).optional(), 'start_time', 'end_time', WINDOW),
  page: storableText().max(1024).optional().describe('Only this page (its path, or its route for an app)'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .describe('Only visitors from this country (ISO 3166 alpha-2 code)'),
  browser: storableText().max(64).optional().describe('Only this browser (its name, as the breakdown by browser gives it)'),
  device_class: z.enum(RUM_DEVICE_CLASSES).optional().describe('Only this class of device'),
};
const inWindow = windowRule('start_time', 'end_time', WINDOW);

export const rumQuerySchema = z.object(queryFields).superRefine(inWindow);
export type RumQuery = z.infer<typeof rumQuerySchema>;
const vitalField = z.enum(VITAL_NAMES).default('LCP').describe('The Core Web Vital asked about (LCP by default)');
export const rumVitalQuerySchema = z.object({ ...queryFields, vital: vitalField }).superRefine(inWindow);
export type RumVitalQuery = z.infer<typeof rumVitalQuerySchema>;
export const RUM_BREAKDOWNS = ['page', 'country', 'browser', 'device_class', 'os'] as const;
export type RumBreakdown = (typeof RUM_BREAKDOWNS)[number];
export const rumBreakdownQuerySchema = z
  .object({ ...queryFields, vital: vitalField, by: z.enum(RUM_BREAKDOWNS).default('page').describe('What the vital is broken down by (page by default)') })
  .superRefine(inWindow);
export type RumBreakdownQuery = z.infer<typeof rumBreakdownQuerySchema>;
/** `page` filters by page path, so the list's page number is `page_number`. */
export const rumSessionsQuerySchema = z
  .object({
    ...queryFields,
    page_number: z.coerce.number().int().min(1).default(1).describe('The page of the list (from 1; `page` filters by page path)'),
    page_size: z.coerce.number().int().min(1).max(200).default(25),
  })
  .superRefine(inWindow);
export type RumSessionsQuery = z.infer<typeof rumSessionsQuerySchema>;
export const rumSessionQuerySchema = z.object({ tid: z.string().uuid().optional(), site_id: z.string().uuid().describe('The RUM site or app') });

const vitalSummary = z.object({
  name: z.enum(VITAL_NAMES),
  p75: z.number().nullable(),
  rating: z.enum(VITAL_RATINGS).nullable(),
  good_share: z.number().nullable(),
  samples: z.number().int(),
  thresholds: z.object({ good: z.number(), poor: z.number() }),
  unit: z.enum(['ms', 'score']),
});
export const rumOverviewSchema = z.object({
  page_views: z.number().int(),
  sessions: z.number().int(),
  error_rate: z.number(),
  good_load_share: z.number().nullable(),
  vitals: z.array(vitalSummary),
});
export type RumOverview = z.infer<typeof rumOverviewSchema>;

export const rumTimeseriesSchema = z.object({
  step_seconds: z.number().int(),
  points: z.array(z.object({ at: z.string(), p75: z.number().nullable(), samples: z.number().int(), good_share: z.number().nullable() })),
});
export type RumTimeseries = z.infer<typeof rumTimeseriesSchema>;

export const rumBreakdownSchema = z.object({
  results: z.array(
    z.object({
      key: z.string(),
      p75: z.number().nullable(),
      samples: z.number().int(),
      good_share: z.number().nullable(),
      rating: z.enum(VITAL_RATINGS).nullable(),
    }),
  ),
});
export type RumBreakdownResult = z.infer<typeof rumBreakdownSchema>;

export const rumAttributionSummarySchema = z.object({
  target: z.string().nullable(),
  url: z.string().nullable(),
  interaction_type: z.string().nullable(),
  phases: z.record(z.string(), z.number()).nullable(),
});
export const rumSlowestPagesSchema = z.object({
  results: z.array(
    z.object({
      page: z.string(),
      p75: z.number().nullable(),
      samples: z.number().int(),
      rating: z.enum(VITAL_RATINGS).nullable(),
      attribution: rumAttributionSummarySchema.nullable(),
    }),
  ),
});
export type RumSlowestPages = z.infer<typeof rumSlowestPagesSchema>;

export const rumErrorGroupSchema = z.object({
  fingerprint: z.string(),
  message: z.string(),
  kind: z.string(),
  count: z.number().int(),
  sessions: z.number().int(),
  pages: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  release: z.string().nullable(),
  stack: z.string().nullable(),
  resolved: z.boolean(),
});
export const rumErrorsSchema = z.object({ error_rate: z.number(), results: z.array(rumErrorGroupSchema) });
export type RumErrors = z.infer<typeof rumErrorsSchema>;

export const rumSessionSummarySchema = z.object({
  id: z.string(),
  started_at: z.string(),
  ended_at: z.string(),
  page_views: z.number().int(),
  errors: z.number().int(),
  country: z.string().nullable(),
  browser: z.string(),
  os: z.string(),
  device_class: z.string(),
  entry_page: z.string(),
  exit_page: z.string(),
});
export const rumSessionListSchema = paginated(rumSessionSummarySchema);
export const RUM_SESSION_EVENT_TYPES = ['view', 'route', 'vital', 'error'] as const;
export const rumSessionDetailSchema = z.object({
  session: rumSessionSummarySchema,
  events: z.array(z.object({ at: z.string(), type: z.enum(RUM_SESSION_EVENT_TYPES), page: z.string(), detail: z.record(z.string(), z.unknown()) })),
});
export type RumSessionDetail = z.infer<typeof rumSessionDetailSchema>;

export const RUM_ALERT_STATES = ['ok', 'alerting'] as const;
/** The alerts list, maybe of one site. */
export const rumAlertListQuerySchema = z.object({
  tid: z.string().uuid().optional(),
  site_id: z.string().uuid().optional().describe('Only this site’s alerts'),
});
export const rumAlertSchema = z.object({
  id: z.string().uuid(),
  site_id: z.string().uuid(),
  vital: z.enum(VITAL_NAMES),
  threshold: z.number(),
  window_minutes: z.number().int(),
  enabled: z.boolean(),
  state: z.enum(RUM_ALERT_STATES),
  last_value: z.number().nullable(),
});
export type RumAlert = z.infer<typeof rumAlertSchema>;
const alertFields = {
  site_id: z.string().uuid(),
  vital: z.enum(VITAL_NAMES),
  /** In the vital's unit: ms, or the CLS score. */
  threshold: z
    .number()
    .min(0.001)
    .max(3_600_000)
    .transform((v) => Math.round(v * 1000) / 1000),
  window_minutes: z.number().int().min(5).max(1440),
  enabled: z.boolean(),
};
export const rumAlertInputSchema = z.object({
  ...alertFields,
  window_minutes: alertFields.window_minutes.default(30),
  enabled: alertFields.enabled.default(true),
});
export type RumAlertInput = z.infer<typeof rumAlertInputSchema>;
export const rumAlertPatchSchema = z
  .object({ threshold: alertFields.threshold, window_minutes: alertFields.window_minutes, enabled: alertFields.enabled })
  .partial();
export type RumAlertPatch = z.infer<typeof rumAlertPatchSchema>;
