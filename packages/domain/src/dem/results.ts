import { z } from 'zod';
import { storableText } from '../validators/storable-text';
import type { DemMeasures } from './score';

export const DEM_RESULTS_BATCH_MAX = 500;
export const DEM_TEST_KINDS = ['http', 'path', 'availability'] as const;
export type DemTestKind = (typeof DEM_TEST_KINDS)[number];
export const DEM_NETWORK_PATHS = ['relay', 'direct'] as const;
export const DEM_NETWORK_KINDS = ['wifi', 'wired', 'cellular'] as const;
export type DemNetworkKind = (typeof DEM_NETWORK_KINDS)[number];

// As in the other agent messages: increasing per device, so a replayed batch is stored once.
const seq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const ms = z.number().nonnegative().max(600_000);

/** The endpoint's own state when it ran the test: what may explain a poor experience besides the application. */
export const demContextSchema = z.object({
  network: z.enum(DEM_NETWORK_KINDS),
  wifi_signal_dbm: z.number().min(-120).max(0).optional(),
  wifi_ssid: storableText().max(64).optional(),
  cpu_pct: z.number().min(0).max(100).optional(),
  memory_pct: z.number().min(0).max(100).optional(),
});
export type DemContext = z.infer<typeof demContextSchema>;

/**
 * One run of one test. `ok` false is an availability failure (no answer, an error status, a
 * timeout), with `error` saying which. Page timings come from an http test, latency, loss and hops
 * from a path test; `path` says whether the endpoint reached the application through its ZTNA relay.
 */
export const demResultSchema = z.object({
  test_id: storableText().min(1).max(80),
  application_id: z.string().uuid(),
  at: z.iso.datetime(),
  ok: z.boolean(),
  status: z.number().int().min(0).max(999).optional(),
  error: storableText().max(300).optional(),
  dns_ms: ms.optional(),
  connect_ms: ms.optional(),
  tls_ms: ms.optional(),
  ttfb_ms: ms.optional(),
  total_ms: ms.optional(),
  latency_ms: ms.optional(),
  /** Packets lost on the path, in % (0–100). */
  loss: z.number().min(0).max(100).optional(),
  hops: z.number().int().min(0).max(64).optional(),
  path: z.enum(DEM_NETWORK_PATHS),
  relay: storableText().max(120).optional(),
  context: demContextSchema,
});
export type DemResult = z.infer<typeof demResultSchema>;

/** An endpoint's batch of test results, sequence-numbered like its other messages and acknowledged once stored. */
export const demResultsMessageSchema = z.object({
  type: z.literal('dem_results'),
  seq,
  results: z.array(demResultSchema).min(1).max(DEM_RESULTS_BATCH_MAX),
});
export type DemResultsMessage = z.infer<typeof demResultsMessageSchema>;

/** What a result measured, in the score's components. */
export function measuresOf(r: DemResult): DemMeasures {
  return {
    availability: r.ok ? 100 : 0,
    dns: r.dns_ms,
    connect: r.connect_ms,
    tls: r.tls_ms,
    ttfb: r.ttfb_ms,
    total: r.total_ms,
    latency: r.latency_ms,
    loss: r.loss,
    wifi: r.context.network === 'wifi' ? r.context.wifi_signal_dbm : undefined,
    cpu: r.context.cpu_pct,
    memory: r.context.memory_pct,
  };
}
