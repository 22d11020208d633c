import { z } from 'zod';
import { linkBondingSchema, wanLinkSchema } from '../agent/messages';
import { CONFIG_SYNC_STATES } from '../config/sync-state';
import { storableText } from '../validators/storable-text';
import { paginated } from './pagination';

/** Device and network calls (spec 001 §7 "Devices and networks", "Tenant"). */
export const DEVICE_PATHS = {
  list: 'device/list/',
  adminDevices: 'admin-device/list/',
  detail: (id: string) => `device/${id}/`,
  approve: (id: string) => `device/${id}/approve/`,
  claim: 'device/claim/',
  unclaim: (id: string) => `device/${id}/unclaim/`,
  activate: (id: string) => `device/${id}/activate/`,
  deactivate: (id: string) => `device/${id}/deactivate/`,
  restart: (id: string) => `device/${id}/restart/`,
  metrics: (id: string) => `device/${id}/metrics/`,
  systemMetrics: (id: string) => `device/${id}/system-metrics/`,
  userDevices: 'webfilter-global/get-user-devices/',
  networks: 'network/list/',
  network: (id: string) => `network/${id}/`,
  networkMembers: (id: string) => `network/${id}/devices/`,
  networkStatus: (id: string) => `network/status-monitor/${id}/`,
  tenantInfo: 'tenant/tenant-info/',
  commercial: 'tenant/commercial-data/',
  enrolmentKey: 'tenant/enrolment-key/',
  enrolmentKeyRotate: 'tenant/enrolment-key/rotate/',
} as const;

/** One row of the device dashboard (spec 000 §3 "Device row"), as REST and the live socket send it. */
export const deviceRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    device_name: z.string(),
    /** The device's own identity: what tells apart devices that share a name. */
    serial: z.string().nullable().default(null),
    deviceType: z.enum(['gateway', 'endpoint']),
    createdBy: z.string().nullable(),
    username: z.string().nullable(),
    deviceStatus: z.string(),
    /** The status as shown: a device never seen is 'registered'. */
    currentStatus: z.string(),
    approved: z.boolean(),
    active: z.boolean(),
    lastSeenTime: z.string().nullable(),
    createdDateTime: z.string(),
    os: z.string().nullable(),
    model: z.string().nullable(),
    version: z.string().nullable(),
    macAddress: z.string().nullable(),
    location: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    geographicalZone: z.string().nullable(),
    publicIp: z.string().nullable(),
    vpnIp: z.string().nullable(),
    ipAddress: z.string().nullable(),
    network_id: z.string().nullable(),
    wan_status: z.array(wanLinkSchema),
    lb_status: linkBondingSchema.nullable(),
    traffic: z.array(z.string()),
    /** How the device stands to its desired configuration (configSyncState): unconfigured, synced, syncing, failed or drifted. */
    configSync: z.enum(CONFIG_SYNC_STATES),
  })
  .meta({ id: 'Device', description: 'A gateway or an endpoint, as the inventory lists it' });
export type DeviceRow = z.infer<typeof deviceRowSchema>;
export const deviceListSchema = paginated(deviceRowSchema);

/** A device group's id, or '' for 'All Device Groups', the group picker's first entry (spec 000 §3). */
export const networkIdSchema = z.union([z.string().uuid(), z.literal('')]);

/** The table filter payload of spec 001 §3. */
export const filterPayloadSchema = z.object({
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(0).max(1000).default(25),
  'time-range': storableText().max(32).optional(),
  filters: z
    .array(
      z.object({
        key: storableText().max(64),
        value: z.union([storableText().max(256), z.array(storableText().max(256)).max(100)]),
        type: storableText().max(32).default('string'),
      }),
    )
    .max(20)
    .default([]),
  start_time: z.string().datetime().optional(),
  end_time: z.string().datetime().optional(),
  sort: z.object({ key: storableText().max(64), direction: z.enum(['asc', 'dsc']) }).optional(),
  search: storableText().max(200).optional(),
  tenant_id: z.string().uuid().optional(),
  network_id: networkIdSchema.nullable().optional(),
});
export type FilterPayload = z.infer<typeof filterPayloadSchema>;

export const tenantInfoSchema = z.object({
  devices: z.number().int(),
  links: z.number().int(),
  online_devices: z.number().int(),
  active_links: z.number().int(),
  inactive_links: z.number().int(),
  total_networks: z.number().int(),
  deployed_devices: z.number().int(),
  offline_devices: z.number().int(),
  users: z.number().int(),
  online_users: z.number().int(),
});
export type TenantInfo = z.infer<typeof tenantInfoSchema>;

export const networkSchema = z.object({ id: z.string(), networkName: z.string(), devices: z.number().int() });
export type Network = z.infer<typeof networkSchema>;
export const ALL_DEVICE_GROUPS: Network = { id: '', networkName: 'All Device Groups', devices: 0 };

/** Browser live channel messages (DESIGN.md "Live channels"). */
export const liveRequestSchema = z.object({
  tenant_id: z.string().uuid().optional(),
  // '' is the spec's 'All Device Groups', as in the device list.
  network_id: networkIdSchema.nullable().optional(),
  type: z.enum(['endpoint', 'device']),
});
export type LiveRequest = z.infer<typeof liveRequestSchema>;
export const LIVE_PATH = '/ws/status';
/** `/ws/status/{tenant}?feed=notifications`: only the tenant's alarms as they happen (the bell), no device rows. */
export const LIVE_NOTIFICATIONS_FEED = 'notifications';
