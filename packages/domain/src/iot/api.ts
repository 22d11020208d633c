import { z } from 'zod';
import { paginated } from '../api/pagination';
import { windowEndDocumented, windowRule } from '../api/time-window';
import { NDR_SEVERITIES } from '../ndr/detection';
import { storableText } from '../validators/storable-text';
import { iotClassSchema } from './classes';
import { dhcpFingerprintSchema, servicePortSchema, ssdpAnnouncementSchema } from './discovery';
import { IOT_HEALTH_STATES } from './health';
import { mqttTopicFilterSchema } from './mqtt-topics';
import { profileEntrySchema, PROFILE_DIRECTIONS, PROFILE_PEER_KINDS } from './profile';
import { SEGMENT_KEY } from './segmentation';
import { IOT_VLAN_PREFIX_MAX } from './vlan';
import { telemetryForwardSchema } from './telemetry';
import { isCidr, isIPv4 } from '../validators/ipv4';

/**
 * The IoT Gateway's calls under `/api/v1/` (product key `iot-gateway`): the inventory the
 * gateways discover, its telemetry as series, the per-class communication profiles and their
 * deviations, and segmentation pushed to the gateways' configuration. Every call takes the
 * tenant as `tenant_id` in the query, as the other product calls do.
 */
export const IOT_PATHS = {
  devices: 'iot/devices/',
  /** GET: the whole inventory counted (classes, vendors, gateways, health), however many devices it holds. */
  summary: 'iot/summary/',
  device: (id: string) => `iot/devices/${id}/`,
  /** GET: points of one series of one device, bucketed for a graph. */
  series: 'iot/series/',
  forwardRules: 'iot/forward-rules/',
  forwardRule: (id: string) => `iot/forward-rules/${id}/`,
  profiles: 'iot/profiles/',
  profile: (cls: string) => `iot/profiles/${cls}/`,
  /** POST: the profile learns again from now (its entries are dropped). */
  profileRelearn: (cls: string) => `iot/profiles/${cls}/relearn/`,
  /** POST: an entry a deviation showed is accepted into the profile. */
  profileAllow: (cls: string) => `iot/profiles/${cls}/allow/`,
  segments: 'iot/segments/',
  segment: (id: string) => `iot/segments/${id}/`,
} as const;

export const IOT_WINDOW_MAX_DAYS = 90;
/** A graph gets at most this many buckets; the step grows with the window. */
export const IOT_SERIES_POINTS_MAX = 500;
const windowOpts = { maxDays: IOT_WINDOW_MAX_DAYS };

const tenantId = z.string().uuid().optional().describe("The organisation (the caller's own by default)");
const startTime = z.string().datetime({ offset: true }).optional().describe("The window's start (ISO 8601); a day before the end by default");
const endTime = windowEndDocumented(z.string().datetime({ offset: true }).optional(), 'start_time', 'end_time', windowOpts);

// ─── Inventory ────────────────────────────────────────────────────────────────

/** 'silent': stale or offline, the devices whose reports or telemetry stopped. */
export const IOT_DEVICE_HEALTH_FILTERS = [...IOT_HEALTH_STATES, 'silent', 'battery_low'] as const;
export type IotDeviceHealthFilter = (typeof IOT_DEVICE_HEALTH_FILTERS)[number];

/** last_seen: the most recently seen first; first_seen: the newest first; silent: the longest silent first; deviations: the most open deviations first. */
export const IOT_DEVICE_SORTS = ['last_seen', 'first_seen', 'silent', 'deviations'] as const;
export type IotDeviceSort = (typeof IOT_DEVICE_SORTS)[number];

export const iotDeviceListQuerySchema = z.object({
  tenant_id: tenantId,
  class: iotClassSchema.optional().describe('One class only (the corrected class where an admin set one)'),
  gateway_id: z.string().uuid().optional().describe('The devices one gateway reports only'),
  search: storableText().max(128).optional().describe('Part of the MAC, address, host name, vendor or bus id'),
  vendor: storableText().min(1).max(128).optional().describe("One vendor only, by the name the inventory gives it ('Axis Communications AB')"),
  health: z.enum(IOT_DEVICE_HEALTH_FILTERS).optional().describe("Only devices in this health state, 'silent' (stale or offline) or 'battery_low'"),
  deviating: z.enum(['true', 'false']).optional().describe("'true': only devices with open deviations from their class's profile; 'false': only those without"),
  sort: z.enum(IOT_DEVICE_SORTS).default('last_seen').describe('The order: last_seen (default), first_seen, silent or deviations, each the largest first'),
  page: z.coerce.number().int().min(1).default(1).describe('Page number, from 1'),
  page_size: z.coerce.number().int().min(1).max(500).default(50).describe('Devices per page (at most 500)'),
});
export type IotDeviceListQuery = z.infer<typeof iotDeviceListQuerySchema>;

export const iotHealthSchema = z.object({
  state: z.enum(IOT_HEALTH_STATES),
  age_s: z.number().int().nullable(),
  battery_pct: z.number().nullable(),
  battery_low: z.boolean(),
});

export const iotLastValueSchema = z.object({
  series: z.string(),
  unit: z.string().nullable(),
  value: z.number(),
  at: z.string(),
});
export type IotLastValue = z.infer<typeof iotLastValueSchema>;

export const iotClassificationSchema = z.object({
  class: iotClassSchema,
  /** 0–1; 1 when an admin set it. */
  confidence: z.number(),
  source: z.enum(['signals', 'admin']),
  reasons: z.array(z.string()),
  /** What the evidence alone says, when an admin's correction overrides it. */
  inferred: z.object({ class: iotClassSchema, confidence: z.number(), reasons: z.array(z.string()) }).nullable(),
  corrected_by: z.string().nullable(),
  corrected_at: z.string().nullable(),
});

export const iotDeviceSchema = z.object({
  id: z.string().uuid(),
  gateway: z.object({ id: z.string().uuid(), name: z.string() }),
  /** A LAN device's MAC ('aa:bb:cc:dd:ee:ff'); null for a device behind a hub, known by its bus id. */
  mac: z.string().nullable(),
  /** A device's id on its own bus or broker (a Zigbee address, an MQTT client id); null for a LAN device. */
  bus_id: z.string().nullable(),
  ip: z.string().nullable(),
  ifname: z.string().nullable(),
  hostname: z.string().nullable(),
  /** From the shipped IEEE list; null when the MAC names none (then vendor_note says why). */
  vendor: z.string().nullable(),
  vendor_note: z.string().nullable(),
  classification: iotClassificationSchema,
  first_seen: z.string(),
  last_seen: z.string(),
  health: iotHealthSchema,
  last_values: z.array(iotLastValueSchema),
  /** Deviations from its class's profile not yet past their retention. */
  open_deviations: z.number().int(),
});
export type IotDevice = z.infer<typeof iotDeviceSchema>;
export const iotDeviceListSchema = paginated(iotDeviceSchema);
export type IotDeviceList = z.infer<typeof iotDeviceListSchema>;

/** A device first seen within this long is new (the summary's new_24h, the overview's list). */
export const IOT_NEW_DEVICE_MS = 86_400_000;
/** The whole inventory counted, for the overview. */
export const IOT_SUMMARY_VENDORS_MAX = 50;
export const iotSummarySchema = z.object({
  devices: z.number().int(),
  /** First seen within the last 24 hours. */
  new_24h: z.number().int(),
  health: z.object({ online: z.number().int(), stale: z.number().int(), offline: z.number().int(), battery_low: z.number().int() }),
  /** Devices with open deviations from their class's profile, and those deviations. */
  deviating: z.number().int(),
  deviations: z.number().int(),
  by_class: z.array(z.object({ class: iotClassSchema, devices: z.number().int() })),
  /** The largest first, at most IOT_SUMMARY_VENDORS_MAX (the rest in other_vendors); null: the MAC names no vendor. */
  by_vendor: z.array(z.object({ vendor: z.string().nullable(), devices: z.number().int() })),
  other_vendors: z.number().int(),
  gateways: z.array(z.object({ id: z.string().uuid(), name: z.string(), devices: z.number().int(), silent: z.number().int(), deviations: z.number().int() })),
});
export type IotSummary = z.infer<typeof iotSummarySchema>;

export const iotDeviceQuerySchema = z
  .object({ tenant_id: tenantId, start_time: startTime, end_time: endTime })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));

export const iotSeriesPointSchema = z.object({ at: z.string(), value: z.number(), min: z.number(), max: z.number() });

export const iotDeviceSeriesSchema = z.object({
  series: z.string(),
  unit: z.string().nullable(),
  last: z.object({ at: z.string(), value: z.number() }).nullable(),
  step_seconds: z.number().int(),
  points: z.array(iotSeriesPointSchema),
});

export const iotProfileSchema = z.object({
  class: iotClassSchema,
  /** Learning: every flow adds to it; enforcing: what it lacks is a deviation. */
  state: z.enum(['learning', 'enforcing']),
  learning_from: z.string(),
  learning_until: z.string(),
  entries: z.array(profileEntrySchema),
  forgotten: z.number().int(),
  devices: z.number().int(),
});
export type IotProfile = z.infer<typeof iotProfileSchema>;
export const iotProfileListSchema = z.object({ results: z.array(iotProfileSchema) });

export const iotDeviationSchema = z.object({
  id: z.string().uuid(),
  device_id: z.string().uuid(),
  /** new_country, new_internal_peer, … (deviations.ts). */
  kind: z.string(),
  severity: z.enum(NDR_SEVERITIES),
  title: z.string(),
  summary: z.string(),
  peer: z.string().nullable(),
  country: z.string().nullable(),
  service: z.string().nullable(),
  first_seen: z.string(),
  last_seen: z.string(),
  count: z.number().int(),
});
export type IotDeviation = z.infer<typeof iotDeviationSchema>;

export const iotDeviceDetailSchema = iotDeviceSchema.extend({
  /** What the gateways reported, merged: the evidence the classification read. */
  report: z.object({
    dhcp: dhcpFingerprintSchema.nullable(),
    mdns: z.array(z.string()),
    ssdp: z.array(ssdpAnnouncementSchema),
    server_ports: z.array(servicePortSchema),
    client_ports: z.array(servicePortSchema),
  }),
  series: z.array(iotDeviceSeriesSchema),
  profile: iotProfileSchema.nullable(),
  deviations: z.array(iotDeviationSchema),
  /** Segments that fence it (by itself or its class). */
  segments: z.array(z.object({ id: z.string().uuid(), key: z.string(), mode: z.enum(['firewall', 'vlan']) })),
});
export type IotDeviceDetail = z.infer<typeof iotDeviceDetailSchema>;

/** An admin's word on what a device is; null hands it back to the evidence. */
export const iotDevicePatchSchema = z.strictObject({ class: iotClassSchema.nullable() });

// ─── Telemetry ────────────────────────────────────────────────────────────────

export const iotSeriesQuerySchema = z
  .object({
    tenant_id: tenantId,
    device_id: z.string().uuid().describe('The device'),
    series: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/)
      .describe("The series, as a forwarding rule names it ('temperature')"),
    start_time: startTime,
    end_time: endTime,
  })
  .superRefine(windowRule('start_time', 'end_time', windowOpts));
export type IotSeries = z.infer<typeof iotDeviceSeriesSchema>;

/** A forwarding rule as written: its id is the server's. First matching rule wins, in `position` order. */
export const iotForwardRuleInputSchema = z.object({
  filter: mqttTopicFilterSchema,
  series: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Lower-case letters, digits and underscores, starting with a letter'),
  value_path: telemetryForwardSchema.shape.value_path,
  unit: telemetryForwardSchema.shape.unit,
  device_wildcard: telemetryForwardSchema.shape.device_wildcard,
  /** 1-based place in the list; the end by default. */
  position: z.number().int().min(1).optional(),
});
/** A change of a rule: null clears an optional field (the whole value, any unit, the topic as the device). */
export const iotForwardRulePatchSchema = iotForwardRuleInputSchema.partial().extend({
  value_path: telemetryForwardSchema.shape.value_path.nullable(),
  unit: telemetryForwardSchema.shape.unit.nullable(),
  device_wildcard: telemetryForwardSchema.shape.device_wildcard.nullable(),
});
export const iotForwardRuleSchema = z.object({
  id: z.string().uuid(),
  position: z.number().int(),
  filter: z.string(),
  series: z.string(),
  value_path: z.string().nullable(),
  unit: z.string().nullable(),
  device_wildcard: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IotForwardRule = z.infer<typeof iotForwardRuleSchema>;
export const iotForwardRuleListSchema = z.object({ results: z.array(iotForwardRuleSchema) });
export const IOT_FORWARD_RULES_MAX = 200;

// ─── Profiles ─────────────────────────────────────────────────────────────────

export const iotClassParamSchema = z.object({ class: iotClassSchema.describe('The class of device whose profile this is') });
/** Hosts and subnets become a segment's firewall rules as they are: they must be what a rule may name. Others are matched by name. */
const PEER_FORMS: Partial<Record<(typeof PROFILE_PEER_KINDS)[number], { test: (peer: string) => boolean; message: string }>> = {
  host: { test: isIPv4, message: 'Should be in the format x.x.x.x' },
  subnet: { test: isCidr, message: "Should be a network 'x.x.x.x/y'" },
};

export const iotProfileAllowSchema = z
  .strictObject({
    direction: z.enum(PROFILE_DIRECTIONS),
    peer_kind: z.enum(PROFILE_PEER_KINDS),
    peer: storableText().min(1).max(253),
    protocol: z.number().int().min(0).max(255),
    port: z.number().int().min(0).max(65535),
  })
  .superRefine((a, ctx) => {
    const form = PEER_FORMS[a.peer_kind];
    if (form && !form.test(a.peer)) ctx.addIssue({ code: 'custom', path: ['peer'], message: form.message });
  });
export const iotProfileRelearnSchema = z.strictObject({ learning_days: z.number().int().min(1).max(90).optional() });

// ─── Segmentation ─────────────────────────────────────────────────────────────

export const IOT_SEGMENT_MODES = ['firewall', 'vlan'] as const;

export const iotVlanInputSchema = z.strictObject({
  /** The LAN interface that carries the tag ('lan1'). */
  parent: z.string().regex(/^[a-z][a-z0-9_.-]{0,14}$/, 'An interface name such as lan1'),
  vlan_id: z.number().int().min(2).max(4094),
  ip: z.string().refine(isIPv4, 'Should be in the format x.x.x.x'),
  prefix: z.number().int().min(8).max(IOT_VLAN_PREFIX_MAX),
});

export const iotSegmentInputSchema = z
  .strictObject({
    /** The segment's name; the class's name (or 'device-' and the MAC's digits) by default. */
    key: z.string().regex(SEGMENT_KEY, 'Lower-case letters, digits, - or _, at most 32').optional(),
    device_id: z.string().uuid().optional(),
    class: iotClassSchema.optional(),
    mode: z.enum(IOT_SEGMENT_MODES),
    deny: z.enum(['drop', 'reject']).default('drop'),
    /** The WAN zone external peers are allowed through; any address without it. */
    external_zone: z.string().max(15).optional(),
    /** Required for mode 'vlan'. */
    vlan: iotVlanInputSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.device_id === undefined) === (v.class === undefined))
      ctx.addIssue({ code: 'custom', path: ['device_id'], message: 'Either a device_id or a class' });
    if (v.mode === 'vlan' && v.vlan === undefined) ctx.addIssue({ code: 'custom', path: ['vlan'], message: "A VLAN is required for mode 'vlan'" });
    if (v.mode === 'firewall' && v.vlan !== undefined) ctx.addIssue({ code: 'custom', path: ['vlan'], message: "Only mode 'vlan' takes a VLAN" });
  });
export type IotSegmentInput = z.input<typeof iotSegmentInputSchema>;

export const iotSegmentSchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  target: z.union([z.object({ kind: z.literal('device'), device_id: z.string().uuid() }), z.object({ kind: z.literal('class'), class: iotClassSchema })]),
  gateway: z.object({ id: z.string().uuid(), name: z.string() }),
  mode: z.enum(IOT_SEGMENT_MODES),
  deny: z.enum(['drop', 'reject']),
  vlan: iotVlanInputSchema.nullable(),
  /** The addresses in its IP set. */
  members: z.array(z.string()),
  /** Rules it put in the gateway's firewall. */
  rules: z.number().int(),
  /** What the firewall says more broadly than the profile does. */
  broadened: z.array(z.string()),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type IotSegment = z.infer<typeof iotSegmentSchema>;
export const iotSegmentListSchema = z.object({ results: z.array(iotSegmentSchema) });
