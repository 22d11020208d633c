import { z } from 'zod';
import { filledText, storableText } from '../validators/storable-text';
import { windowEndDocumented, windowRule } from '../api/time-window';
import { paginated } from '../api/pagination';
import { URL_ACTIONS, WEBFILTER_RULES } from './evaluate';
import { webFilterPolicySchema } from './policy';
import { URL_EVENT_SOURCES } from './events';
import { isTestableUrl, TESTABLE_URL_MESSAGE } from './url-patterns';
import { documented, PATTERNS } from '../validators/documented';

/**
 * The web-filter calls (spec 001 §7 Web filter), under `/api/v1/`, each with `tenant_id` in the
 * query (a super admin's tenant; a tenant user may only name their own). Beyond the spec: reorder,
 * the Test-a-URL tool, a user's drill-down, the logs, the reports and the logs' retention.
 */
export const WEBFILTER_PATHS = {
  policies: 'tenant/config/webfilter-policy/',
  policy: (id: string) => `tenant/config/webfilter-policy/${id}/`,
  reorder: 'tenant/config/webfilter-policy/reorder/',
  test: 'tenant/config/webfilter-policy/test/',
  global: 'tenant/config/webfilter-global/',
  setAction: 'tenant/config/webfilter-global/set-action/',
  action: 'tenant/config/webfilter-global/action/',
  graph: 'tenant/config/webfilter-global/webfilter-graph/',
  userGraph: 'tenant/config/webfilter-global/webfilter-user/',
  categories: 'tenant/config/global-categories/get/available-categories/',
  applications: 'tenant/config/global-applications/get/available-applications/',
  customList: 'tenant/config/webfilter-custom-url/get/custom-list/',
  /** PUT: the organisation's own allowed and blocked URLs. */
  customListSave: 'tenant/config/webfilter-custom-url/',
  webfilterLogs: 'logs/webfilter-logs/',
  squidLogs: 'logs/squid-logs/',
  logsManagement: 'logs/logs-management/',
  urlRules: 'reports/url-rules/',
  customUrls: 'reports/custom-urls/',
  urlDiscovery: 'reports/url-discovery/',
  discoveryCategorise: 'reports/url-discovery/categorise/',
  discoveryBlock: 'reports/url-discovery/block/',
} as const;

export const tenantIdQuerySchema = z.object({ tenant_id: z.string().uuid().optional() });

export const webFilterPolicyListSchema = z.array(webFilterPolicySchema);
export const reorderBodySchema = z.object({
  ids: z
    .array(z.string().uuid())
    .max(500)
    .refine((a) => new Set(a).size === a.length, 'Duplicate Value Found')
    .meta({ uniqueItems: true }),
});

export const webFilterGlobalSchema = z.object({
  status: z.boolean(),
  default_action_blocked: z.boolean(),
});
export type WebFilterGlobal = z.infer<typeof webFilterGlobalSchema>;
export const webFilterStatusBodySchema = z.object({ status: z.boolean() });
export const webFilterActionBodySchema = z.object({ default_action_blocked: z.boolean() });
export const webFilterActionSchema = z.object({ default_action_blocked: z.boolean() });

export const availableCategorySchema = z.object({ id: z.string(), name: z.string(), description: z.string(), group: z.string(), domains: z.number().int() });
export const availableApplicationSchema = z.object({ id: z.string(), name: z.string() });

/** Every custom URL of the tenant: its own lists and each policy's. */
export const customUrlRowSchema = z.object({
  url: z.string(),
  list: z.enum(['allowed', 'blocked']),
  policy_id: z.string().uuid().nullable(),
  policy_name: z.string().nullable(),
});
export const customListSchema = z.object({
  allowed_urls: z.array(z.string()),
  blocked_urls: z.array(z.string()),
  rows: z.array(customUrlRowSchema),
});
// Checked by the service (web-filter/service.ts): each a URL rule, none twice.
const customUrls = z
  .array(documented(z.string(), { pattern: PATTERNS.urlPattern }))
  .max(10_000)
  .meta({ uniqueItems: true });
export const customListBodySchema = z.object({ allowed_urls: customUrls, blocked_urls: customUrls });

/** The Test-a-URL tool: a user or an endpoint (or neither: what applies to everyone) and a URL. */
export const testUrlBodySchema = z.object({
  url: storableText()
    .trim()
    .min(1, 'Field is required')
    .max(2_048)
    .refine((v) => v === '' || isTestableUrl(v), TESTABLE_URL_MESSAGE),
  user: storableText().trim().toLowerCase().max(254).nullable().optional(),
  device_id: z.string().uuid().nullable().optional(),
  at: z.string().datetime({ offset: true }).optional(),
});
export const testUrlResultSchema = z.object({
  action: z.enum(URL_ACTIONS),
  rule: z.enum(WEBFILTER_RULES),
  policy: z.object({ id: z.string(), name: z.string() }).nullable(),
  matched: z.string().nullable(),
  reason: z.string(),
  host: z.string(),
  domain: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  application: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TestUrlResult = z.infer<typeof testUrlResultSchema>;

/** Graph windows (spec 001 §9 web filter options). */
export const WEBFILTER_RANGES = ['1h', '24h', '7d'] as const;
export type WebFilterRange = (typeof WEBFILTER_RANGES)[number];
export const webFilterGraphBodySchema = z.object({
  start_time: z.enum(WEBFILTER_RANGES),
  tenant_id: z.string().uuid().optional(),
  top_count: z.number().int().min(1).max(50).default(10),
});

const bucket = z.object({ key: z.string(), doc_count: z.number() });
const buckets = z.object({ buckets: z.array(bucket) });
/** The web filter summary (spec 001 §3): buckets have key and doc_count; over time, allow and blocked per bucket. */
export const webFilterSummarySchema = z.object({
  action_distribution: buckets,
  requests_over_time: z.object({ buckets: z.array(z.object({ key_as_string: z.string(), allow: z.number(), blocked: z.number() })) }),
  top_allowed_urls: buckets,
  top_blocked_urls: buckets,
  top_urls: buckets,
  top_users: buckets,
});
export type WebFilterSummary = z.infer<typeof webFilterSummarySchema>;

/** The panel's charts (spec 000 §2.7), Top Blocked URLs first (the default). */
export const WEBFILTER_CHARTS = [
  { id: 'top_blocked_urls', label: 'Top Blocked URLs' },
  { id: 'top_allowed_urls', label: 'Top Allowed URLs' },
  { id: 'top_urls', label: 'Top URLs' },
  { id: 'top_users', label: 'Top Users' },
  { id: 'action_distribution', label: 'Action Distribution' },
  { id: 'requests_over_time', label: 'Request Over Time' },
] as const;

export const webFilterUserBodySchema = z.object({
  start_time: z.enum(WEBFILTER_RANGES),
  tenant_id: z.string().uuid().optional(),
  user: filledText().min(1).max(254),
});
/** One user's drill-down: their top sites, their blocked attempts and their categories. */
export const webFilterUserSchema = z.object({ user: z.string(), top_sites: buckets, blocked: buckets, categories: buckets });

export const FILTER_TYPES = ['string', 'number', 'select'] as const;
/** Either end alone is fine (the other follows from `time-range`); both given must not run backwards. */
const LOG_WINDOW = { emptyAllowed: true } as const;
/** The table filter payload (spec 001 §3): page, size, time range, filters, start/end; filters start with tenant_id. */
export const logFilterBodySchema = z
  .object({
    page: z.number().int().min(1).default(1),
    size: z.number().int().min(0).max(1000).default(25),
    'time-range': z.enum(['1h', '24h', '7d', '30d', '90d']).optional(),
    filters: z
      .array(z.object({ key: z.string().max(40), value: storableText().max(254), type: z.enum(FILTER_TYPES).default('string') }))
      .max(20)
      .default([]),
    start_time: z.string().datetime({ offset: true }).optional(),
    end_time: windowEndDocumented(z.string().datetime({ offset: true }).optional(), 'start_time', 'end_time', LOG_WINDOW),
    search: storableText().trim().max(200).optional(),
    /** csv answers text/csv with every row of the filter (up to 100,000). */
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine(windowRule('start_time', 'end_time', LOG_WINDOW));
export type LogFilterBody = z.input<typeof logFilterBodySchema>;

/** Keys the filters may name (tenant_id is the scope, and accepted as the spec sends it). */
export const WEBFILTER_LOG_FILTER_KEYS = ['tenant_id', 'user', 'device', 'domain', 'category', 'action', 'policy', 'via'] as const;

export const webFilterLogRowSchema = z.object({
  id: z.string(),
  time: z.string(),
  user: z.string().nullable(),
  device_id: z.string(),
  device_name: z.string().nullable(),
  client_ip: z.string(),
  url: z.string(),
  domain: z.string(),
  category: z.string(),
  category_name: z.string(),
  application: z.string().nullable(),
  action: z.enum(URL_ACTIONS),
  rule: z.enum(WEBFILTER_RULES),
  policy_id: z.string().nullable(),
  policy_name: z.string().nullable(),
  /** The custom URL, address rule, category or application that decided it. */
  matched: z.string().nullable(),
  bytes: z.number(),
  via: z.enum(URL_EVENT_SOURCES),
});
export type WebFilterLogRow = z.infer<typeof webFilterLogRowSchema>;
export const webFilterLogPageSchema = paginated(webFilterLogRowSchema);

/** A proxy access log line (squid's native format) with its fields. */
export const squidLogRowSchema = z.object({
  id: z.string(),
  time: z.string(),
  device_id: z.string(),
  device_name: z.string().nullable(),
  /** `time elapsed client code/status bytes method URL user hierarchy/peer type` */
  line: z.string(),
  elapsed_ms: z.number(),
  client_ip: z.string(),
  result: z.string(),
  status: z.number(),
  bytes: z.number(),
  method: z.string(),
  url: z.string(),
  user: z.string().nullable(),
  content_type: z.string().nullable(),
});
export const squidLogPageSchema = paginated(squidLogRowSchema);

/** The logs whose retention logs-management sets; `ztna_sessions` are the zero-trust session logs. */
export const LOG_TYPES = ['login', 'activity', 'webfilter', 'squid', 'ztna_sessions'] as const;
export type LogType = (typeof LOG_TYPES)[number];
export const MAX_LOG_RETENTION_DAYS = 90;
export const DEFAULT_LOG_RETENTION_DAYS: Record<LogType, number> = {
  login: 90,
  activity: 90,
  webfilter: 30,
  squid: 14,
  ztna_sessions: 30,
};
const days = z.number().int().min(1, 'At least 1 day').max(MAX_LOG_RETENTION_DAYS, `At most ${MAX_LOG_RETENTION_DAYS} days`);
const retentionFields = { login: days, activity: days, webfilter: days, squid: days, ztna_sessions: days };
export const logsManagementSchema = z.object({
  retention: z.object({
    ...retentionFields,
    /** A tenant that never set it keeps the default (saved settings before zero trust have none). */
    ztna_sessions: days.default(DEFAULT_LOG_RETENTION_DAYS.ztna_sessions),
  }),
});
export type LogsManagement = z.infer<typeof logsManagementSchema>;
/** Only the types named change (no default fills in the others). */
export const logsManagementBodySchema = z.object({ retention: z.object(retentionFields).partial() });

/** url-rules: each policy (and the organisation's lists) with what it blocks or allows and its hits over 7 days. */
export const urlRuleRowSchema = z.object({
  policy_id: z.string().nullable(),
  policy_name: z.string(),
  order: z.number().nullable(),
  enabled: z.boolean(),
  action: z.string(),
  applies_to: z.string(),
  blocks: z.array(z.string()),
  allows: z.array(z.string()),
  hits_blocked: z.number(),
  hits_allowed: z.number(),
  hits_logged: z.number(),
});
export const urlRulesSchema = z.array(urlRuleRowSchema);

export const customUrlReportRowSchema = customUrlRowSchema.extend({ hits: z.number() });
export const customUrlReportSchema = z.array(customUrlReportRowSchema);

export const urlDiscoveryBodySchema = z.object({
  start_time: z.enum(WEBFILTER_RANGES).default('7d'),
  tenant_id: z.string().uuid().optional(),
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(1000).default(25),
  search: storableText().trim().max(200).optional(),
});
export const urlDiscoveryRowSchema = z.object({
  domain: z.string(),
  hits: z.number(),
  users: z.number(),
  devices: z.number(),
  blocked: z.number(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** Already on the organisation's own list (blocked from here, or allowed by hand), else null. */
  listed: z.enum(['allowed', 'blocked']).nullable(),
});
export const urlDiscoveryPageSchema = paginated(urlDiscoveryRowSchema);
export const discoveryCategoriseBodySchema = z.object({ domain: filledText().toLowerCase().min(1).max(253), category: z.string().max(40) });
export const discoveryBlockBodySchema = z.object({ domain: filledText().toLowerCase().min(1).max(253) });
