import { z } from 'zod';
import { paginated } from '../api/pagination';
import { windowEndDocumented, windowRule } from '../api/time-window';
import { filledText, storableText } from '../validators/storable-text';
import { statingRules } from '../validators/documented';
import { DEM_CAUSES, DEM_COMPONENTS, DEM_DEFAULT_ALARM_SCORE } from './score';
import { DEM_INTERVAL_MAX_S, DEM_INTERVAL_MIN_S } from './section';
import { DEM_NETWORK_KINDS, DEM_NETWORK_PATHS, DEM_TEST_KINDS } from './results';

/** DEM's calls under `/api/v1/` (Netloom's: the spec names the product, not its calls). */
export const DEM_PATHS = {
  applications: 'dem/applications/',
  application: (id: string) => `dem/applications/${id}/`,
  formula: 'dem/score/formula/',
  overview: 'dem/overview/',
  scores: 'dem/scores/',
  timeseries: 'dem/timeseries/',
  affectedUsers: 'dem/affected-users/',
  results: 'dem/results/',
  /** The alarms of an endpoint's experience of an application under its threshold (and back), newest first. */
  alarms: 'dem/alarms/',
} as const;

export const DEM_APPLICATION_KINDS = ['saas', 'private'] as const;

const URL_MESSAGE = 'Should be an http(s) URL';
const demUrlSchema = statingRules(
  storableText()
    .trim()
    .max(2048)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, URL_MESSAGE)
    // A host the WHATWG parser refuses (quotes, stray percents) is no URL an endpoint could open.
    .refine((v) => URL.canParse(v), URL_MESSAGE)
    .meta({ examples: ['https://crm.example.com/'] }),
  [URL_MESSAGE],
);

/** What an application is tested at: a URL (SaaS or a private app's address) or one of the tenant's ZTNA servers. */
export const demTargetSchema = z.union([z.object({ url: demUrlSchema }).strict(), z.object({ ztna_server_id: z.string().uuid() }).strict()]);
export type DemTarget = z.infer<typeof demTargetSchema>;

export const demTestsSchema = z.object({
  http: z.boolean().default(true),
  path: z.boolean().default(true),
  availability: z.boolean().default(true),
});

export const demThresholdsSchema = z.object({
  /** An alarm is raised when the application's score (last 15 minutes) falls under this. */
  alarm_score: z.number().int().min(1).max(100).default(DEM_DEFAULT_ALARM_SCORE),
});

const demApplicationFields = {
  name: filledText().min(1, 'Field is required').max(64, 'At most 64 characters'),
  kind: z.enum(DEM_APPLICATION_KINDS),
  target: demTargetSchema,
  tests: demTestsSchema.default({ http: true, path: true, availability: true }),
  interval_seconds: z.number().int().min(DEM_INTERVAL_MIN_S).max(DEM_INTERVAL_MAX_S).default(300),
  thresholds: demThresholdsSchema.default({ alarm_score: DEM_DEFAULT_ALARM_SCORE }),
};

export const demApplicationInputSchema = z.object(demApplicationFields);
export type DemApplicationInput = z.input<typeof demApplicationInputSchema>;
export const demApplicationPatchSchema = z
  .object({
    name: demApplicationFields.name,
    kind: demApplicationFields.kind,
    target: demTargetSchema,
    tests: demTestsSchema.partial(),
    interval_seconds: z.number().int().min(DEM_INTERVAL_MIN_S).max(DEM_INTERVAL_MAX_S),
    thresholds: demThresholdsSchema.partial(),
  })
  .partial();
export type DemApplicationPatch = z.input<typeof demApplicationPatchSchema>;

export const demApplicationSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  kind: z.enum(DEM_APPLICATION_KINDS),
  target: z.union([z.object({ url: z.string() }), z.object({ ztna_server_id: z.string().uuid() })]),
  tests: z.object({ http: z.boolean(), path: z.boolean(), availability: z.boolean() }),
  interval_seconds: z.number().int(),
  thresholds: z.object({ alarm_score: z.number().int() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DemApplication = z.infer<typeof demApplicationSchema>;
export const demApplicationListSchema = paginated(demApplicationSchema);

export const demFormulaSchema = z.object({
  text: z.string(),
  components: z.array(
    z.object({
      key: z.enum(DEM_COMPONENTS),
      label: z.string(),
      unit: z.string(),
      weight: z.number(),
      good: z.number(),
      poor: z.number(),
    }),
  ),
});

export const DEM_WINDOW_MAX_DAYS = 90;
const windowOpts = { maxDays: DEM_WINDOW_MAX_DAYS };

/** The filters every DEM query takes: a window (the last 24 hours by default) and what to narrow to. */
const demFilterFields = {
  tenant_id: z.string().uuid().optional(),
  start_time: z.string().datetime({ offset: true }).optional().describe("The window's start (ISO 8601); a day before the end by default"),
  end_time: windowEndDocumented(z.string().datetime({ offset: true }).optional(), 'start_time', 'end_time', windowOpts),
  application_id: z.string().uuid().optional().describe('One application only'),
  user: storableText().max(254).optional().describe("One user only (the endpoint's enrolled user)"),
  location: storableText().max(120).optional().describe("One location only (the endpoint's location or country)"),
  network: storableText().max(64).optional().describe("One network only (a Wi-Fi SSID, 'wired' or 'cellular')"),
};
export const demQuerySchema = z.object(demFilterFields).superRefine(windowRule('start_time', 'end_time', windowOpts));
export type DemQuery = z.infer<typeof demQuerySchema>;

export const DEM_SCORE_DIMENSIONS = ['application', 'user', 'location', 'network'] as const;
export type DemScoreDimension = (typeof DEM_SCORE_DIMENSIONS)[number];
export const demScoresQuerySchema = z
  .object({ ...demFilterFields, by: z.enum(DEM_SCORE_DIMENSIONS).default('application').describe('What the scores are grouped by (application by default)') })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));

export const demResultsQuerySchema = z
  .object({
    ...demFilterFields,
    device_id: z.string().uuid().optional().describe('One endpoint only'),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(500).default(50),
  })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));

const component = z.enum(DEM_COMPONENTS);

export const demOverviewSchema = z.object({
  /** Null: no results in the window. */
  score: z.number().nullable(),
  applications: z.array(
    z.object({
      id: z.string().uuid(),
      name: z.string(),
      score: z.number().nullable(),
      /** Share of successful runs, in %; null without runs. */
      availability: z.number().nullable(),
      p50_total_ms: z.number().nullable(),
      samples: z.number().int(),
      worst_component: component.nullable(),
      /** Score now minus score in the window's first half (positive: better); 0 without both. */
      trend: z.number(),
    }),
  ),
  users_affected_now: z.number().int(),
});
export type DemOverview = z.infer<typeof demOverviewSchema>;

export const demScoreRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  score: z.number(),
  samples: z.number().int(),
  worst_component: component.nullable(),
  /** Each measured component's own score (0–100) from its mean value in the window. */
  components: z.partialRecord(component, z.number()),
});
export const demScoresSchema = z.object({ results: z.array(demScoreRowSchema) });
export type DemScores = z.infer<typeof demScoresSchema>;

export const demTimeseriesSchema = z.object({
  step_seconds: z.number().int(),
  points: z.array(
    z.object({
      at: z.string(),
      score: z.number().nullable(),
      dns_ms: z.number().nullable(),
      connect_ms: z.number().nullable(),
      tls_ms: z.number().nullable(),
      ttfb_ms: z.number().nullable(),
      total_ms: z.number().nullable(),
      loss: z.number().nullable(),
      latency_ms: z.number().nullable(),
      wifi_signal_dbm: z.number().nullable(),
    }),
  ),
});
export type DemTimeseries = z.infer<typeof demTimeseriesSchema>;

/** Window of "now" for the users affected: their latest results within it. */
export const DEM_AFFECTED_WINDOW_MINUTES = 15;

export const demAffectedUserSchema = z.object({
  user: z.string().nullable(),
  device_id: z.string().uuid(),
  device_name: z.string(),
  application: z.object({ id: z.string().uuid(), name: z.string() }),
  score: z.number(),
  worst_component: component.nullable(),
  cause: z.enum(DEM_CAUSES),
  /** The first of the user's consecutive poor results for this application. */
  since: z.string(),
});
export const demAffectedUsersSchema = z.object({ results: z.array(demAffectedUserSchema) });
export type DemAffectedUsers = z.infer<typeof demAffectedUsersSchema>;

export const demResultRowSchema = z.object({
  at: z.string(),
  device_id: z.string().uuid(),
  device_name: z.string(),
  user: z.string().nullable(),
  application_id: z.string().uuid(),
  test_id: z.string(),
  kind: z.enum(DEM_TEST_KINDS),
  ok: z.boolean(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  dns_ms: z.number().nullable(),
  connect_ms: z.number().nullable(),
  tls_ms: z.number().nullable(),
  ttfb_ms: z.number().nullable(),
  total_ms: z.number().nullable(),
  latency_ms: z.number().nullable(),
  loss: z.number().nullable(),
  hops: z.number().nullable(),
  path: z.enum(DEM_NETWORK_PATHS),
  relay: z.string().nullable(),
  network: z.enum(DEM_NETWORK_KINDS),
  wifi_ssid: z.string().nullable(),
  wifi_signal_dbm: z.number().nullable(),
  cpu_pct: z.number().nullable(),
  memory_pct: z.number().nullable(),
  location: z.string().nullable(),
  score: z.number(),
  worst_component: component.nullable(),
  cause: z.enum(DEM_CAUSES).nullable(),
});
export const demResultsPageSchema = paginated(demResultRowSchema);

/** A DEM alarm: an endpoint's experience of an application went under its threshold (Alerting) or back (OK). */
export const demAlarmSchema = z.object({
  id: z.string().uuid(),
  application_id: z.string(),
  /** Null: the application was removed since. */
  application: z.string().nullable(),
  device_id: z.string().uuid(),
  device_name: z.string(),
  user: z.string().nullable(),
  state: z.enum(['Alerting', 'OK']),
  score: z.number().nullable(),
  threshold: z.number().nullable(),
  /** The cause named when it went under (null on OK). */
  cause: z.enum(DEM_CAUSES).nullable(),
  at: z.string(),
});
export const demAlarmsSchema = z.object({ results: z.array(demAlarmSchema) });
export type DemAlarm = z.infer<typeof demAlarmSchema>;
export type DemAlarms = z.infer<typeof demAlarmsSchema>;
