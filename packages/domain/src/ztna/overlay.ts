import { z } from 'zod';
import { isIpOrFqdn } from '../validators/domain-name';
import { chipMessages } from '../validators/messages';
import { ztnaId, ztnaName } from './fields';

/** Regions an overlay mesh server (relay) is placed in; clients prefer their own region's. */
export const RELAY_REGIONS = [
  'us-east',
  'us-west',
  'eu-west',
  'eu-central',
  'uk',
  'india',
  'singapore',
  'australia',
  'japan',
  'brazil',
  'middle-east',
] as const;
export type RelayRegion = (typeof RELAY_REGIONS)[number];

const relayFields = {
  name: ztnaName(),
  region: z.enum(RELAY_REGIONS),
  address: z.string().trim().toLowerCase().max(253).refine(isIpOrFqdn, chipMessages.ipOrFqdn),
  port: z.number().int().min(1, 'Enter a port 1-65535').max(65535, 'Enter a port 1-65535').default(51820),
  enabled: z.boolean().default(true),
};
/** An overlay mesh server (overlay › overlay-mesh-server): a relay clients and connectors meet through. */
export const relayInputSchema = z.object(relayFields);
export type RelayInput = z.input<typeof relayInputSchema>;
export const relaySchema = z.object({ id: ztnaId(), ...relayFields });
export type Relay = z.infer<typeof relaySchema>;

/** A relay's health from what the clients measured to it lately. */
export const RELAY_HEALTH = ['healthy', 'degraded', 'down', 'unknown'] as const;
export type RelayHealth = (typeof RELAY_HEALTH)[number];
/** No report for this long: unknown. */
export const RELAY_REPORT_STALE_MS = 5 * 60_000;
export function relayHealthOf(r: { latencyMs: number | null; failures: number; reports: number; lastReportAt: Date | null }, now: Date): RelayHealth {
  if (!r.lastReportAt || now.getTime() - r.lastReportAt.getTime() > RELAY_REPORT_STALE_MS || r.reports === 0) return 'unknown';
  if (r.failures === r.reports) return 'down';
  if (r.failures > 0 || (r.latencyMs !== null && r.latencyMs > 150)) return 'degraded';
  return 'healthy';
}

/** Identity-aware overlay (overlay › iao): how users prove who they are before the overlay opens. */
export const IDENTITY_PROVIDERS = ['password', 'google', 'sso'] as const;
export const iaoSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  identity_providers: z.array(z.enum(IDENTITY_PROVIDERS)).min(1, 'Choose at least one').default(['password', 'google', 'sso']),
  /** Hours after which a user signs in again. */
  reauth_hours: z.number().int().min(1).max(720).default(24),
  /** Minutes without traffic after which the overlay closes. */
  idle_timeout_minutes: z.number().int().min(5).max(1_440).default(60),
});
export type IaoSettings = z.infer<typeof iaoSettingsSchema>;

/** Overlay access policy: whether endpoints may reach each other over the overlay, and between which security groups. */
export const overlayAccessSchema = z.object({
  peer_to_peer: z.boolean().default(false),
  /** Pairs of security groups allowed to reach each other (both ways); empty with peer_to_peer: any endpoints. */
  allowed_pairs: z
    .array(z.object({ from: ztnaId(), to: ztnaId() }))
    .max(500)
    .default([]),
});
export type OverlayAccess = z.infer<typeof overlayAccessSchema>;

export const ztnaSettingsSchema = z.object({
  iao: iaoSettingsSchema.prefault({}),
  overlay_access: overlayAccessSchema.prefault({}),
});
export type ZtnaSettings = z.infer<typeof ztnaSettingsSchema>;
export const DEFAULT_ZTNA_SETTINGS: ZtnaSettings = ztnaSettingsSchema.parse({});

/** Whether two endpoints (by their security groups) may reach each other over the overlay. */
export function peersMayConnect(settings: OverlayAccess, a: readonly string[], b: readonly string[]): boolean {
  if (!settings.peer_to_peer) return false;
  if (settings.allowed_pairs.length === 0) return true;
  return settings.allowed_pairs.some((p) => (a.includes(p.from) && b.includes(p.to)) || (a.includes(p.to) && b.includes(p.from)));
}
