import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import { VITAL_MAX, VITAL_NAMES, VITAL_RATINGS } from './vitals';

/*
 * What the browser SDK sends to `POST /api/v1/rum/ingest/{public_key}/`. The endpoint is public, so
 * everything is bounded: strings capped, numbers finite, non-negative and below a sane maximum, at most
 * 100 events a beacon. The body limit (64 kB) caps the total.
 */
export const RUM_BEACON_VERSION = 1;
export const RUM_BODY_LIMIT = 64 * 1024;
export const RUM_MAX_EVENTS = 100;

const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const text = (max: number) => storableText().max(max);
/** A duration or size: finite, ≥ 0, at most `max`. */
const amount = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    // To the thousandth: a subnormal value (5e-324) is no number PostgreSQL's double precision stores, and one such beacon would fail its batch.
    .transform((v) => Math.round(v * 1000) / 1000);
const HOUR_MS = 3_600_000;
/** Milliseconds since the epoch, from 2000 to 2100. */
const epochMs = z.number().finite().min(946_684_800_000).max(4_102_444_800_000);

export const RUM_NAVIGATION_TYPES = ['navigate', 'reload', 'back_forward', 'prerender', 'route'] as const;

const navSchema = z.object({
  type: z.enum(RUM_NAVIGATION_TYPES),
  dns: amount(HOUR_MS).optional(),
  connect: amount(HOUR_MS).optional(),
  tls: amount(HOUR_MS).optional(),
  ttfb: amount(HOUR_MS).optional(),
  dom_interactive: amount(HOUR_MS).optional(),
  dom_complete: amount(HOUR_MS).optional(),
  load: amount(HOUR_MS).optional(),
  transfer_size: amount(1e10).optional(),
});

const resourcesSchema = z.object({
  count: z.number().int().min(0).max(100_000),
  bytes: amount(1e11),
  slowest: z.array(z.object({ name: text(2048), initiator: text(64), duration: amount(HOUR_MS) })).max(5),
});

export const rumViewEventSchema = z.object({
  t: z.literal('view'),
  at: epochMs,
  nav: navSchema.optional(),
  resources: resourcesSchema.optional(),
});

export const rumAttributionSchema = z.object({
  target: text(512).optional(),
  url: text(2048).optional(),
  interaction_type: text(64).optional(),
  load_state: text(64).optional(),
  phases: z
    .record(text(64), amount(HOUR_MS))
    .refine((r) => Object.keys(r).length <= 12, 'At most 12 phases')
    .optional(),
});
export type RumAttribution = z.infer<typeof rumAttributionSchema>;

export const rumVitalEventSchema = z
  .object({
    t: z.literal('vital'),
    at: epochMs,
    name: z.enum(VITAL_NAMES),
    value: amount(HOUR_MS),
    rating: z.enum(VITAL_RATINGS).optional(),
    attribution: rumAttributionSchema.optional(),
  })
  .refine((e) => e.value <= VITAL_MAX[e.name], { path: ['value'], message: 'Out of range for this vital' });

export const rumErrorEventSchema = z.object({
  t: z.literal('error'),
  at: epochMs,
  message: text(1000),
  kind: text(100).optional(),
  stack: text(16_000).optional(),
  source: text(2048).optional(),
  line: z.number().int().min(0).max(10_000_000).optional(),
  col: z.number().int().min(0).max(10_000_000).optional(),
});

export const rumRouteEventSchema = z.object({
  t: z.literal('route'),
  at: epochMs,
  from: text(2048),
  to: text(2048),
  route: text(256).optional(),
});

export const rumEventSchema = z.union([rumViewEventSchema, rumVitalEventSchema, rumErrorEventSchema, rumRouteEventSchema]);
export type RumEvent = z.infer<typeof rumEventSchema>;

export const rumBeaconSchema = z.object({
  v: z.literal(RUM_BEACON_VERSION),
  sid: z.string().regex(ID_PATTERN),
  pid: z.string().regex(ID_PATTERN),
  url: text(2048).refine(isPageUrl, 'Not an http(s) URL'),
  route: text(256).optional(),
  ref: text(2048).optional(),
  release: text(100).optional(),
  events: z.array(rumEventSchema).min(1).max(RUM_MAX_EVENTS),
});
export type RumBeacon = z.infer<typeof rumBeaconSchema>;

function isPageUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is kept of a page URL: its origin and path. The query and the fragment often carry personal
 * data (tokens, e-mail addresses, search terms), so they never reach the store.
 */
export function rumPageOf(url: string): { origin: string; path: string } {
  const u = new URL(url);
  return { origin: u.origin, path: u.pathname.slice(0, 1024) || '/' };
}

/** A referrer reduced to its origin, or null when there is none or it is not a URL. */
export function referrerOrigin(ref: string | undefined): string | null {
  if (!ref) return null;
  try {
    const u = new URL(ref);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}
