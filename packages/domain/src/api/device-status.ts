import { z } from 'zod';
import { STATUS_KINDS, bgpLocalSchema, bgpNeighbourSchema, statusSnapshotSchema, tunnelEntrySchema } from '../agent/status';

/** A device's newest status snapshot of a kind, and asking it for a fresh one (spec 000 §2.15 `sdwan/device/status/…`). */
export const STATUS_PATHS = {
  snapshot: (deviceId: string, kind: string) => `device/status/${deviceId}/${kind}/`,
  refresh: (deviceId: string, kind: string) => `device/status/${deviceId}/${kind}/refresh/`,
  /** Every gateway's newest BGP snapshot (spec 000 §2.11, the organisation monitor's globalBGP). */
  tenantBgp: 'device/status/bgp/',
  /** Every gateway's IPsec tunnels as last reported (the organisation monitor's vpn-status). */
  tenantTunnels: 'device/status/ipsec/',
} as const;

export const deviceStatusParamsSchema = z.object({ deviceId: z.string().uuid(), kind: z.enum(STATUS_KINDS) });

export const deviceStatusSchema = z.object({
  device_id: z.string(),
  kind: z.enum(STATUS_KINDS),
  /** When the device took it; null: it never reported this kind ('No Status Available'). */
  at: z.string().nullable(),
  /** Empty entries while `at` is null. */
  snapshot: statusSnapshotSchema,
});
export type DeviceStatusAnswer = z.infer<typeof deviceStatusSchema>;

export const statusRefreshSchema = z.object({ job_id: z.string() });

/** One gateway's BGP as it last reported it, for the tenant-wide page. */
export const tenantBgpEntrySchema = z.object({
  device_id: z.string(),
  device_name: z.string(),
  /** When the gateway took this snapshot. */
  at: z.string(),
  /** Whether the gateway is in touch now (isReachable); if not, the neighbours' states are unknown. */
  reachable: z.boolean(),
  local: bgpLocalSchema,
  neighbours: z.array(bgpNeighbourSchema),
});
export const tenantBgpSchema = z.array(tenantBgpEntrySchema);
export type TenantBgpEntry = z.infer<typeof tenantBgpEntrySchema>;

/** One gateway's IPsec tunnels as it last reported them, for the tenant's VPN status. */
export const tenantTunnelsEntrySchema = z.object({
  device_id: z.string(),
  device_name: z.string(),
  at: z.string(),
  /** Whether the gateway is in touch now (isReachable); if not, the tunnels' states are unknown. */
  reachable: z.boolean(),
  tunnels: z.array(tunnelEntrySchema),
});
export const tenantTunnelsSchema = z.array(tenantTunnelsEntrySchema);
export type TenantTunnelsEntry = z.infer<typeof tenantTunnelsEntrySchema>;
