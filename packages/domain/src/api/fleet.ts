import { z } from 'zod';
import { DEVICE_KINDS } from '../agent/messages';
import { DEVICE_FILTERS } from '../rules/device-status';
import { pageQuerySchema } from './pagination';
import { filterPayloadSchema } from './devices';
import { filledText, storableJson, storableText } from '../validators/storable-text';

/** The REST calls on devices, device groups and tenant data (spec 001 §7), beyond the row schemas. */

/** 'endpoint' is the ZTNA view (endpoints), 'device' the SD-WAN view (gateways). */
export const DEVICE_VIEW_TYPES = ['endpoint', 'device'] as const;
export type DeviceViewType = (typeof DEVICE_VIEW_TYPES)[number];
export const viewTypeKind = (type: DeviceViewType): (typeof DEVICE_KINDS)[number] => (type === 'endpoint' ? 'endpoint' : 'gateway');

export const DEVICE_SORT_KEYS = ['name', 'status', 'lastSeenTime', 'createdDateTime', 'os', 'location', 'publicIp'] as const;
export type DeviceSortKey = (typeof DEVICE_SORT_KEYS)[number];

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(100)]);
const text = filledText().min(1).max(256);
const viewType = z.enum(DEVICE_VIEW_TYPES);
const filterType = storableText().max(32).optional();

/** One filter of the device list; other keys are refused, so a typo never silently lists everything. */
export const deviceListFilterSchema = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('status'),
    value: oneOrMany(z.enum(DEVICE_FILTERS)),
    /** Which product's status rules apply; any other type maps each device by its own kind. */
    type: filterType,
  }),
  z.object({ key: z.literal('os'), value: oneOrMany(text), type: filterType }),
  z.object({ key: z.literal('user'), value: oneOrMany(text), type: filterType }),
  z.object({ key: z.literal('location'), value: oneOrMany(text), type: filterType }),
  /** '' or null is 'All Device Groups'. */
  z.object({ key: z.literal('network_id'), value: z.union([z.string().uuid(), z.literal('')]).nullable(), type: filterType }),
  z.object({ key: z.literal('tenant_id'), value: z.string().uuid(), type: filterType }),
  z.object({ key: z.literal('type'), value: viewType, type: filterType }),
]);
export type DeviceListFilter = z.infer<typeof deviceListFilterSchema>;

/** POST device/list/: the table filter payload with the device list's filters and sort keys. */
export const deviceListBodySchema = filterPayloadSchema.extend({
  filters: z.array(deviceListFilterSchema).max(20).default([]),
  sort: z.object({ key: z.enum(DEVICE_SORT_KEYS), direction: z.enum(['asc', 'dsc']) }).optional(),
  type: viewType.optional(),
});
export type DeviceListBody = z.infer<typeof deviceListBodySchema>;

/** GET device/list/. */
export const deviceListQuerySchema = pageQuerySchema.extend({
  tid: z.string().uuid().optional(),
  network_id: z.union([z.string().uuid(), z.literal('')]).optional(),
  type: viewType.optional(),
  search: storableText().max(200).optional(),
});

export const deviceIdParamsSchema = z.object({ id: z.string().uuid() });
export const tenantIdBodySchema = z.object({ tenant_id: z.string().uuid().optional() });

export const adminDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  macAddress: z.string().nullable(),
  deviceStatus: z.string(),
  geographicalZone: z.string().nullable(),
});
export type AdminDevice = z.infer<typeof adminDeviceSchema>;

/** POST device/claim/: pre-registers a device by serial so its enrolment is accepted at once. */
export const claimDeviceBodySchema = z.object({
  serial: filledText().min(1).max(64),
  name: filledText().min(1).max(64),
  kind: z.enum(DEVICE_KINDS),
});
export type ClaimDeviceBody = z.infer<typeof claimDeviceBodySchema>;

export const jobAcceptedSchema = z.object({ job_id: z.string() });

export const metricsQuerySchema = z.object({
  tid: z.string().uuid().optional(),
  minutes: z.coerce.number().int().min(1).max(60).default(10),
});
export const interfaceMetricsSchema = z.object({
  ifname: z.string(),
  points: z.array(
    z.object({
      at: z.string(),
      rx_bytes: z.number().nullable(),
      tx_bytes: z.number().nullable(),
      latency_ms: z.number().nullable(),
      loss_pct: z.number().nullable(),
      /** Null or absent where the device measured none (older agents). */
      jitter_ms: z.number().nullable().optional(),
    }),
  ),
});
export type InterfaceMetrics = z.infer<typeof interfaceMetricsSchema>;
/** GET device/{id}/metrics/: one entry per interface. */
export const interfaceMetricsListSchema = z.array(interfaceMetricsSchema);

/** CPU and memory of a device over the last minutes (spec 000 §2.15 status/cpugraph, memorygraph). */
export const systemMetricsSchema = z.array(z.object({ at: z.string(), cpu_pct: z.number(), memory_pct: z.number() }));
export type SystemMetrics = z.infer<typeof systemMetricsSchema>;

export const userDevicesQuerySchema = z.object({
  tenant_id: z.string().uuid().optional(),
  username: filledText().min(1).max(254),
});

/** Device group names: unique per tenant ignoring case. */
export const networkNameSchema = filledText().min(1, 'Field is required').max(40, 'At most 40 characters');
export const networkBodySchema = z.object({ name: networkNameSchema });
export const networkMembersBodySchema = z.object({ device_ids: z.array(z.string().uuid()).max(10_000) });

/** `type` counts one product's devices (the SD-WAN dashboard its gateways); without it, all. */
export const tenantInfoBodySchema = z.object({
  tenant_id: z.string().uuid().optional(),
  network_id: z
    .union([z.string().uuid(), z.literal('')])
    .nullable()
    .optional(),
  type: z.enum(DEVICE_VIEW_TYPES).optional(),
});
export const tenantInfoQuerySchema = z.object({
  tid: z.string().uuid().optional(),
  network_id: z.union([z.string().uuid(), z.literal('')]).optional(),
  type: z.enum(DEVICE_VIEW_TYPES).optional(),
});

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
};

/** Commercial view (spec 000 §2.4): per device and WAN name an amount, a date and when it was edited. */
export const commercialEntrySchema = z.object({
  amount: z.union([
    z.number().finite().nonnegative(),
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Enter a valid amount'),
  ]),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .refine(isCalendarDate, 'Enter a valid date')
    .meta({ format: 'date' }),
  lastUpdated: z.string().datetime({ offset: true }),
});
/** Stored as one jsonb value: every key and string in it has to be storable. */
export const commercialDataSchema = storableJson(z.record(z.string().uuid(), z.record(filledText().min(1).max(64), commercialEntrySchema))).refine(
  (m) => Object.keys(m).length <= 10_000,
  'Too many devices',
);
export type CommercialData = z.infer<typeof commercialDataSchema>;

export const enrolmentKeySchema = z.object({ enrolment_key: z.string() });
