import { z } from 'zod';
import { paginated } from '../api/pagination';
import { windowEndDocumented, windowRule } from '../api/time-window';
import { isIPv4, isCidr } from '../validators/ipv4';
import { storableText } from '../validators/storable-text';
import { macField } from '../ztna/nac';
import { NDR_SEVERITIES, ndrDetectionSchema } from './detection';
import { MITRE_TACTIC_IDS, MITRE_TECHNIQUE_IDS } from './mitre';
import { NDR_RULES } from './registry';
import { ndrSuppressionSchema } from './suppression';
import { NDR_TRIAGE_STATUSES } from './triage';
import { DNS_RCODES } from './evidence';
import { IDS_CATEGORY_KEYS } from '../config/families/ids-ips-catalogue';

/**
 * NDR's calls under `/api/v1/` (product key `ndr`): the overview, detections with their evidence
 * and triage, hosts at risk and a host's timeline, the rules and their tuning, and response
 * actions pushed as configuration. Every call takes the tenant as `tenant_id` in the query, as
 * the other product calls do.
 */
export const NDR_PATHS = {
  overview: 'ndr/overview/',
  detections: 'ndr/detections/',
  /** GET: one detection with its evidence; PATCH: triage (status, assignee). */
  detection: (id: string) => `ndr/detections/${id}/`,
  hosts: 'ndr/hosts/',
  /** GET: one host's flows, DNS queries, IDS alerts and detections in a window (the host by `host_ip`, `device_id`). */
  hostTimeline: 'ndr/hosts/timeline/',
  rules: 'ndr/rules/',
  /** PATCH: enable or tune one rule for the tenant. */
  rule: (ruleId: string) => `ndr/rules/${ruleId}/`,
  /** GET: the response actions, newest first; POST: take one. */
  actions: 'ndr/actions/',
  /** POST: undo the action (its rules or NAC decision are taken back out of the configuration). */
  actionUndo: (id: string) => `ndr/actions/${id}/undo/`,
} as const;

export const NDR_WINDOW_MAX_DAYS = 30;
const windowOpts = { maxDays: NDR_WINDOW_MAX_DAYS };

const IPV4_RULE = 'Should be in the format x.x.x.x';
const ipv4 = z
  .string()
  .refine(isIPv4, IPV4_RULE)
  .meta({ 'x-rules': [IPV4_RULE] });
const tenantId = z.string().uuid().optional().describe("The organisation (the caller's own by default)");
const startTime = z.string().datetime({ offset: true }).optional().describe("The window's start (ISO 8601); a day before the end by default");
const endTime = windowEndDocumented(z.string().datetime({ offset: true }).optional(), 'start_time', 'end_time', windowOpts);

export const NDR_RULE_IDS = NDR_RULES.map((r) => r.id) as unknown as readonly [(typeof NDR_RULES)[number]['id'], ...(typeof NDR_RULES)[number]['id'][]];
/** A rule a detection can name: NDR's own, or another product's (the IoT gateway's profile deviations). */
const ruleIdFilter = z
  .string()
  .regex(/^[a-z]+\.[a-z][a-z0-9_]{0,47}$/, "A rule's id: its area and name, as 'ndr.port_scan'")
  .meta({ examples: ['ndr.port_scan'] });

// ─── Overview ─────────────────────────────────────────────────────────────────

export const ndrOverviewQuerySchema = z
  .object({ tenant_id: tenantId, start_time: startTime, end_time: endTime })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));
export type NdrOverviewQuery = z.infer<typeof ndrOverviewQuerySchema>;

const severityCounts = z.object({ low: z.number().int(), medium: z.number().int(), high: z.number().int(), critical: z.number().int() });
export type NdrSeverityCounts = z.infer<typeof severityCounts>;

export const ndrOverviewSchema = z.object({
  window: z.object({ start: z.string(), end: z.string(), step_seconds: z.number().int() }),
  /** Detections last seen in the window, by severity. */
  by_severity: severityCounts,
  by_status: z.object({ new: z.number().int(), acknowledged: z.number().int(), resolved: z.number().int(), false_positive: z.number().int() }),
  /** Detections of each tactic (a detection of two tactics counts in both), most first. */
  by_tactic: z.array(z.object({ tactic: z.enum(MITRE_TACTIC_IDS), name: z.string(), count: z.number().int() })),
  /** Detections first seen in each step of the window, by severity; every step present. */
  series: z.array(severityCounts.extend({ at: z.string() })),
  /** Detections first seen in each step, by tactic (steps without any are left out). */
  tactic_series: z.array(z.object({ at: z.string(), tactic: z.enum(MITRE_TACTIC_IDS), count: z.number().int() })),
  /** Hosts whose decaying risk score is above nothing. */
  hosts_at_risk: z.number().int(),
  /** Detections not yet triaged (new), whatever their time. */
  open: z.number().int(),
  /** How far the detection engine runs behind ingest for the tenant (seconds) and the evidence it has queued. */
  engine: z.object({ lag_seconds: z.number(), queued: z.number().int() }),
});
export type NdrOverview = z.infer<typeof ndrOverviewSchema>;

// ─── Detections ───────────────────────────────────────────────────────────────

export const ndrDetectionListQuerySchema = z
  .object({
    tenant_id: tenantId,
    start_time: startTime,
    end_time: endTime,
    severity: z.enum(NDR_SEVERITIES).optional().describe('Only detections of this severity'),
    status: z.enum(NDR_TRIAGE_STATUSES).optional().describe('Only detections in this triage state'),
    rule_id: ruleIdFilter.optional().describe("Only one rule's detections ('ndr.port_scan')"),
    tactic: z.enum(MITRE_TACTIC_IDS).optional().describe("Only detections mapped to this ATT&CK tactic ('TA0007')"),
    host: ipv4
      .optional()
      .meta({ examples: ['10.0.0.12'] })
      .describe('Only detections about this host address'),
    device_id: z.string().uuid().optional().describe('Only detections of hosts behind this device'),
    page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
    page_size: z.coerce.number().int().min(1).max(500).default(50).describe('Detections per page (at most 500)'),
  })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));
export type NdrDetectionListQuery = z.infer<typeof ndrDetectionListQuerySchema>;

/** A stored detection: what the rule emitted, its triage and its place in the store. */
export const ndrDetectionRowSchema = ndrDetectionSchema.extend({
  id: z.string().uuid(),
  rule_name: z.string(),
  /** Emissions folded into it. */
  occurrences: z.number().int(),
  status: z.enum(NDR_TRIAGE_STATUSES),
  assignee: z.string().nullable(),
  note: z.string(),
  reopened: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  /** The device's name (the gateway or endpoint that saw the host). */
  device_name: z.string().nullable(),
  created_at: z.string(),
});
export type NdrDetectionRow = z.infer<typeof ndrDetectionRowSchema>;
export const ndrDetectionListSchema = paginated(ndrDetectionRowSchema);
export type NdrDetectionList = z.infer<typeof ndrDetectionListSchema>;

// ─── Evidence records as the store holds them ─────────────────────────────────

export const ndrFlowRecordSchema = z.object({
  at: z.string(),
  device_id: z.string().uuid(),
  src_ip: z.string(),
  src_port: z.number().int(),
  dst_ip: z.string(),
  dst_port: z.number().int(),
  protocol: z.number().int(),
  bytes_out: z.number(),
  bytes_in: z.number(),
  packets_out: z.number(),
  packets_in: z.number(),
  application: z.string().nullable(),
  user: z.string().nullable(),
  dst_country: z.string().nullable(),
});
export type NdrFlowRecord = z.infer<typeof ndrFlowRecordSchema>;

export const ndrDnsRecordSchema = z.object({
  at: z.string(),
  device_id: z.string().uuid(),
  client_ip: z.string(),
  name: z.string(),
  qtype: z.string(),
  rcode: z.enum(DNS_RCODES),
  answers: z.array(z.string()),
});
export type NdrDnsRecord = z.infer<typeof ndrDnsRecordSchema>;

export const ndrIdsRecordSchema = z.object({
  at: z.string(),
  device_id: z.string().uuid(),
  sid: z.number().int(),
  category: z.enum(IDS_CATEGORY_KEYS),
  severity: z.number().int(),
  src: z.string(),
  dst: z.string(),
  src_port: z.number().int().nullable(),
  dst_port: z.number().int().nullable(),
  message: z.string(),
  action: z.enum(['alerted', 'dropped']),
});
export type NdrIdsRecord = z.infer<typeof ndrIdsRecordSchema>;

/** The records of the host around the detection's span, read back from the store (each list capped). */
export const ndrEvidenceRecordsSchema = z.object({
  flows: z.array(ndrFlowRecordSchema),
  dns: z.array(ndrDnsRecordSchema),
  ids: z.array(ndrIdsRecordSchema),
});
export type NdrEvidenceRecords = z.infer<typeof ndrEvidenceRecordsSchema>;

export const NDR_RECORDS_MAX = 200;

export const ndrDetectionDetailSchema = ndrDetectionRowSchema.extend({
  /** The compact records the rule kept (also `evidence`), and the store's records they point at. */
  records: ndrEvidenceRecordsSchema,
  rule: z.object({ explanation: z.string() }),
  /** The response actions taken about this detection. */
  actions: z.array(z.lazy(() => ndrActionSchema)),
});
export type NdrDetectionDetail = z.infer<typeof ndrDetectionDetailSchema>;

/**
 * PATCH a detection: the triage move (`status`) and/or the `assignee`. `false_positive` silences
 * the rule for the host (and its peer, or every peer with `scope: 'host'`); `new` reopens a
 * resolved detection or a false positive (lifting its suppression).
 */
export const ndrDetectionPatchSchema = z
  .strictObject({
    status: z.enum(NDR_TRIAGE_STATUSES).optional(),
    assignee: storableText().trim().min(1).max(254).nullable().optional(),
    note: storableText().trim().max(1000).optional(),
    scope: z.enum(['peer', 'host']).optional(),
  })
  .refine((p) => p.status !== undefined || p.assignee !== undefined, { message: 'Give a status or an assignee', path: ['status'] });
export type NdrDetectionPatch = z.input<typeof ndrDetectionPatchSchema>;

// ─── Hosts ────────────────────────────────────────────────────────────────────

export const ndrHostsQuerySchema = z.object({
  tenant_id: tenantId,
  limit: z.coerce.number().int().min(1).max(500).default(50).describe('Hosts to answer, the riskiest first (at most 500)'),
});

export const ndrHostRiskRowSchema = z.object({
  ip: z.string(),
  device_id: z.string().uuid(),
  device_name: z.string().nullable(),
  /** 0–100, decaying with a half-life of a day since each detection was last seen. */
  score: z.number().int(),
  level: z.enum(NDR_SEVERITIES),
  detections: z.number().int(),
  worst: z.enum(NDR_SEVERITIES),
  last_seen: z.string(),
  tactics: z.array(z.string()),
  /** The user the host's latest detection or flow named. */
  user: z.string().nullable(),
  /** An active quarantine of the host, if any. */
  quarantined: z.boolean(),
});
export type NdrHostRiskRow = z.infer<typeof ndrHostRiskRowSchema>;
export const ndrHostsSchema = z.object({ results: z.array(ndrHostRiskRowSchema) });
export type NdrHosts = z.infer<typeof ndrHostsSchema>;

export const ndrHostTimelineQuerySchema = z
  .object({
    tenant_id: tenantId,
    host_ip: ipv4.meta({ examples: ['10.0.0.12'] }).describe("The host's address"),
    device_id: z.string().uuid().optional().describe('The device that sees the host (any of the tenant’s by default)'),
    start_time: startTime,
    end_time: endTime,
  })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));
export type NdrHostTimelineQuery = z.infer<typeof ndrHostTimelineQuerySchema>;

export const ndrHostTimelineSchema = z.object({
  host: z.object({
    ip: z.string(),
    device_id: z.string().uuid().nullable(),
    device_name: z.string().nullable(),
    score: z.number().int(),
    level: z.enum(NDR_SEVERITIES),
    /** The users behind the host in the window (user mapping on its flows, detections' users), most recent first. */
    users: z.array(z.string()),
    quarantined: z.boolean(),
  }),
  window: z.object({ start: z.string(), end: z.string() }),
  detections: z.array(ndrDetectionRowSchema),
  /** Newest first, at most NDR_RECORDS_MAX each. */
  flows: z.array(ndrFlowRecordSchema),
  dns: z.array(ndrDnsRecordSchema),
  ids: z.array(ndrIdsRecordSchema),
});
export type NdrHostTimeline = z.infer<typeof ndrHostTimelineSchema>;

// ─── Rules ────────────────────────────────────────────────────────────────────

export const ndrRuleRowSchema = z.object({
  id: z.enum(NDR_RULE_IDS),
  name: z.string(),
  severity: z.enum(NDR_SEVERITIES),
  tactics: z.array(z.object({ id: z.enum(MITRE_TACTIC_IDS), name: z.string(), url: z.string() })),
  techniques: z.array(z.object({ id: z.enum(MITRE_TECHNIQUE_IDS), name: z.string(), url: z.string() })),
  reads: z.array(z.enum(['flow', 'dns', 'ids', 'waf'])),
  /** What the rule looks for, with the tenant's parameters. */
  explanation: z.string(),
  enabled: z.boolean(),
  /** The parameters in effect (defaults with the tenant's overrides), suppressions left out. */
  params: z.record(z.string(), z.unknown()),
  defaults: z.record(z.string(), z.unknown()),
  /** Only what the tenant changed. */
  overrides: z.record(z.string(), z.unknown()),
  suppressions: z.array(ndrSuppressionSchema),
  detections_open: z.number().int(),
});
export type NdrRuleRow = z.infer<typeof ndrRuleRowSchema>;
export const ndrRulesSchema = z.object({ results: z.array(ndrRuleRowSchema) });
export type NdrRules = z.infer<typeof ndrRulesSchema>;

export const ndrRuleParamsSchema = z.object({ rule_id: z.enum(NDR_RULE_IDS).describe("The rule ('ndr.port_scan')") });

/**
 * PATCH a rule: enable or disable it, and/or replace the tenant's overrides of its parameters
 * (checked by the rule's own parameter schema; `null` goes back to the defaults), and/or its
 * suppressions (the list as a whole: lifting one is sending the list without it).
 */
export const ndrRulePatchSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    // Checked by the rule's own schema, which takes only its parameters.
    params: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .meta({ 'x-rules': ['Unrecognized key: {key}', 'Unrecognized keys: {keys}'] }),
    suppressions: z.array(ndrSuppressionSchema).max(5_000).optional(),
  })
  .refine((p) => p.enabled !== undefined || p.params !== undefined || p.suppressions !== undefined, {
    message: 'Give enabled, params or suppressions',
    path: ['enabled'],
  });
export type NdrRulePatch = z.input<typeof ndrRulePatchSchema>;

// ─── Response actions ─────────────────────────────────────────────────────────

export const NDR_ACTION_METHODS = ['nac', 'firewall', 'dns'] as const;

const target = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ip'), value: ipv4 }),
  z.object({ type: z.literal('cidr'), value: z.string().refine(isCidr, "Should be a network 'x.x.x.x/y'") }),
  z.object({ type: z.literal('domain'), value: storableText().min(1).max(253) }),
]);

/** POST ndr/actions/: quarantine a host (by NAC with its MAC, or by firewall rules on its gateway), or block a destination on a gateway. */
export const ndrActionInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('quarantine_host'),
    device_id: z.string().uuid(),
    host_ip: ipv4.meta({ examples: ['10.0.0.12'] }),
    method: z.enum(['nac', 'firewall']),
    mac: macField().optional(),
    detection_id: z.string().uuid().optional(),
    note: storableText().trim().max(500).optional(),
  }),
  z.strictObject({
    kind: z.literal('block_destination'),
    device_id: z.string().uuid(),
    target,
    detection_id: z.string().uuid().optional(),
    note: storableText().trim().max(500).optional(),
  }),
]);
export type NdrActionInput = z.input<typeof ndrActionInputSchema>;

export const ndrActionSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['quarantine_host', 'block_destination']),
  /** The host quarantined, or the destination blocked ('ip', 'cidr' or 'domain' in target_type). */
  target: z.string(),
  target_type: z.enum(['host', 'ip', 'cidr', 'domain']),
  device_id: z.string().uuid(),
  device_name: z.string().nullable(),
  method: z.enum(NDR_ACTION_METHODS),
  mac: z.string().nullable(),
  detection_id: z.string().uuid().nullable(),
  note: z.string(),
  /** The configuration revision the action's push made, when it changed a device's document. */
  revision_id: z.string().uuid().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  undone_at: z.string().nullable(),
  undone_by: z.string().nullable(),
  active: z.boolean(),
});
export type NdrAction = z.infer<typeof ndrActionSchema>;

export const ndrActionListQuerySchema = z.object({
  tenant_id: tenantId,
  active: z.enum(['true', 'false']).optional().describe("'true': only actions still in force; 'false': only undone ones"),
  host: ipv4
    .optional()
    .meta({ examples: ['10.0.0.12'] })
    .describe('Only actions about this host (quarantines of it)'),
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  page_size: z.coerce.number().int().min(1).max(500).default(50).describe('Actions per page (at most 500)'),
});
export const ndrActionListSchema = paginated(ndrActionSchema);
export type NdrActionList = z.infer<typeof ndrActionListSchema>;

export const ndrIdParamsSchema = z.object({ id: z.string().uuid() });
export const ndrTenantQuerySchema = z.object({ tenant_id: tenantId });
