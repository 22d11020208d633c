import { z } from 'zod';
import { isEmail } from '../validators/email';
import { filledText } from '../validators/storable-text';
import { textInputMessages } from '../validators/messages';
import { paginated } from '../api/pagination';
import { documented, EMAIL_FORMAT, statingRules } from '../validators/documented';

/**
 * The console-wide calls (under /api/v1/): global search, guided-tour state, announcements and
 * report generation. Tenant calls take `tenant_id` as the other tenant calls do (a super admin's
 * chosen tenant; a member's own otherwise).
 */
export const CONSOLE_PATHS = {
  /** GET ?q=&tenant_id=: the tenant's devices, device groups, users, groups, templates and policies by name. */
  search: 'tenant/search/',
  /** GET: which tours (and versions) the signed-in user has finished. */
  tours: 'profile/tours/',
  /** PUT {version}: marks that tour finished for the signed-in user. */
  tour: (tour: string) => `profile/tours/${tour}/`,
  /** GET: the announcements shown to the signed-in user now, newest first, with unread flags. */
  announcements: 'announcements/',
  /** POST {ids?}: marks them (or every one shown) read. */
  announcementsRead: 'announcements/read/',
  /** Super admins: GET, POST; then PUT, DELETE one. */
  adminAnnouncements: 'admin/announcements/',
  adminAnnouncement: (id: string) => `admin/announcements/${id}/`,
  /** GET (list with status and progress), POST (a new report, made in the background). */
  reports: 'tenant/reports/',
  report: (id: string) => `tenant/reports/${id}/`,
  reportDownload: (id: string) => `tenant/reports/${id}/download/`,
  reportSchedules: 'tenant/report-schedules/',
  reportSchedule: (id: string) => `tenant/report-schedules/${id}/`,
} as const;

// ---------------------------------------------------------------- search

export const SEARCH_RESULT_KINDS = ['device', 'device_group', 'user', 'group', 'template', 'webfilter_policy', 'access_policy'] as const;
export type SearchResultKind = (typeof SEARCH_RESULT_KINDS)[number];

export const searchQuerySchema = z.object({
  q: filledText().min(1).max(100),
  tenant_id: z.string().uuid().optional(),
});

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_RESULT_KINDS),
  id: z.string(),
  name: z.string(),
  /** A second line: a device's serial and type, a user's e-mail, a policy's product. */
  detail: z.string().nullable(),
  /** Where it lives: a gateway is SD-WAN's, an endpoint ZTNA's; null when both. */
  product: z.enum(['sdwan', 'ztna']).nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
/** At most this many of each kind, best matches first (name starts with the text, then contains it). */
export const SEARCH_RESULTS_PER_KIND = 5;
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });

// ---------------------------------------------------------------- tours

export const TOUR_IDS = ['sdwan', 'ztna', 'demo'] as const;
export type TourId = (typeof TOUR_IDS)[number];
/** Raise a tour's version when its steps change: users who finished the older one see it again. */
export const TOUR_VERSIONS: Record<TourId, number> = { sdwan: 1, ztna: 1, demo: 1 };

export const tourStateSchema = z.object({
  tours: z.array(z.object({ tour: z.enum(TOUR_IDS), version: z.number().int(), completed_at: z.string() })),
});
export type TourState = z.infer<typeof tourStateSchema>;
export const tourCompleteBodySchema = z.strictObject({ version: z.number().int().min(1).max(1000) });

/** A tour runs unless this user finished its current version (or a later one). */
export const tourIsDue = (state: TourState, tour: TourId): boolean => !state.tours.some((t) => t.tour === tour && t.version >= TOUR_VERSIONS[tour]);

// ---------------------------------------------------------------- announcements

export const ANNOUNCEMENT_AUDIENCES = ['all', 'tenants'] as const;

export const announcementBodySchema = statingRules(
  z
    .strictObject({
      title: filledText().min(1, textInputMessages.required).max(120),
      body: filledText().min(1, textInputMessages.required).max(4000),
      audience: z.enum(ANNOUNCEMENT_AUDIENCES),
      /** The chosen tenants when the audience is 'tenants'. */
      tenant_ids: z.array(z.string().uuid()).max(1000).default([]),
      starts_at: z.string().datetime({ offset: true }),
      ends_at: z.string().datetime({ offset: true }).nullable().default(null),
    })
    .superRefine((v, ctx) => {
      if (v.audience === 'tenants' && v.tenant_ids.length === 0) ctx.addIssue({ code: 'custom', path: ['tenant_ids'], message: 'Choose at least one tenant' });
      if (v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at))
        ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start' });
    }),
  ['Choose at least one tenant', 'The end must be after the start'],
);
export type AnnouncementBody = z.infer<typeof announcementBodySchema>;

/** As super admins see it (the admin list). */
export const adminAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  tenants: z.array(z.object({ id: z.string(), name: z.string() })),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  created_at: z.string(),
  /** 'scheduled' (starts later), 'live', 'ended'. */
  state: z.enum(['scheduled', 'live', 'ended']),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

/** As a tenant's user sees it. */
export const announcementSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    read: z.boolean(),
  })
  .meta({ id: 'Announcement', description: 'A notice from the provider to tenants' });
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementListSchema = z.object({ announcements: z.array(announcementSchema), unread: z.number().int() });
export const announcementsReadBodySchema = z.strictObject({ ids: z.array(z.string().uuid()).max(1000).optional() });

/** Is it shown at `now`? Started, and not ended. */
export const announcementIsLive = (a: { starts_at: string; ends_at: string | null }, now: Date): boolean =>
  Date.parse(a.starts_at) <= now.getTime() && (a.ends_at === null || Date.parse(a.ends_at) > now.getTime());

/** Where it stands at `now`, as the admin list shows it: not started yet, shown, or past its end. */
export const announcementState = (a: { starts_at: string; ends_at: string | null }, now: Date): AdminAnnouncement['state'] =>
  Date.parse(a.starts_at) > now.getTime() ? 'scheduled' : announcementIsLive(a, now) ? 'live' : 'ended';

/** The admin list, paged as the other lists are. */
export const adminAnnouncementListSchema = paginated(adminAnnouncementSchema);

// ---------------------------------------------------------------- reports

export const REPORT_KINDS = ['inventory', 'availability', 'traffic', 'webfilter', 'login_logs', 'activity_logs'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  inventory: 'Fleet inventory and status',
  availability: 'Availability per device and WAN link',
  traffic: 'Top traffic',
  webfilter: 'Web filter summary',
  login_logs: 'Login logs',
  activity_logs: 'Activity logs',
};
export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_CADENCES = ['daily', 'weekly', 'monthly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];
/** A finished report can be downloaded for this long, then it is deleted. */
export const REPORT_KEEP_DAYS = 30;
/** The longest period one report covers. */
export const REPORT_MAX_PERIOD_DAYS = 92;

const reportChoices = {
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  product: z.enum(['sdwan', 'ztna']),
};

export const reportRequestSchema = statingRules(
  z
    .strictObject({
      ...reportChoices,
      tenant_id: z.string().uuid().optional(),
      from: z.string().datetime({ offset: true }),
      to: z.string().datetime({ offset: true }),
    })
    .superRefine((v, ctx) => {
      const from = Date.parse(v.from);
      const to = Date.parse(v.to);
      if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start' });
      else if (to - from > REPORT_MAX_PERIOD_DAYS * 86_400_000)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${REPORT_MAX_PERIOD_DAYS} days` });
    }),
  ['The end must be after the start', `A report covers at most ${REPORT_MAX_PERIOD_DAYS} days`],
);
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportRowSchema = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  product: z.enum(['sdwan', 'ztna']),
  from: z.string(),
  to: z.string(),
  status: z.enum(REPORT_STATES),
  progress: z.number().int(),
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  size: z.number().int().nullable(),
  created_by: z.string().nullable(),
  schedule_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportScheduleBodySchema = z.strictObject({
  name: filledText().min(1, textInputMessages.required).max(64),
  ...reportChoices,
  cadence: z.enum(REPORT_CADENCES),
  recipients: z
    .array(documented(z.string().trim().refine(isEmail, 'Enter valid Email'), EMAIL_FORMAT))
    .min(1, 'Add at least one recipient')
    .max(50),
  enabled: z.boolean().default(true),
});
export type ReportScheduleBody = z.infer<typeof reportScheduleBodySchema>;
export const reportScheduleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  product: z.enum(['sdwan', 'ztna']),
  cadence: z.enum(REPORT_CADENCES),
  recipients: z.array(z.string()),
  enabled: z.boolean(),
  next_run_at: z.string(),
  last_run_at: z.string().nullable(),
});
export type ReportScheduleRow = z.infer<typeof reportScheduleRowSchema>;

/** The period a scheduled report covers when it runs at `at`: the day, week or month that just ended. */
export function scheduledPeriod(cadence: ReportCadence, at: Date): { from: Date; to: Date } {
  const to = new Date(at);
  const from = new Date(at);
  if (cadence === 'daily') from.setUTCDate(from.getUTCDate() - 1);
  else if (cadence === 'weekly') from.setUTCDate(from.getUTCDate() - 7);
  else from.setUTCMonth(from.getUTCMonth() - 1);
  return { from, to };
}

/** The next run after `after`: the next midnight UTC, the next Monday's, or the first of next month's. */
export function nextScheduledRun(cadence: ReportCadence, after: Date): Date {
  const d = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate()));
  if (cadence === 'daily') d.setUTCDate(d.getUTCDate() + 1);
  else if (cadence === 'weekly') d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  else return new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + 1, 1));
  return d;
}

/** Live progress of a tenant's reports, pushed over the browser socket (`?feed=reports`). */
export const reportProgressEventSchema = z.object({ kind: z.literal('report'), report: reportRowSchema });
/** The live socket's feed of report progress: owners', admins' and super admins' consoles only. */
export const LIVE_REPORTS_FEED = 'reports';
/** Announcements reach consoles over the browser socket (`?feed=announcements`): refetch and show the marker. */
export const announcementEventSchema = z.object({ kind: z.literal('announcement'), id: z.string() });
/** The feed name of `/ws/status/{tenant}?feed=announcements`: only `announcementEventSchema` messages, no device rows. */
export const LIVE_ANNOUNCEMENTS_FEED = 'announcements';
