import { z } from 'zod';
import { pathTemplate } from './api-discovery';

/**
 * API abuse protection: each API key or token (known only by the fingerprint the edge logs: the
 * first 16 hex digits of the SHA-1 of its Authorization or X-API-Key header) judged against its own
 * baseline: a sudden volume against its usual hourly rate, enumeration of ids on one path template,
 * many client errors.
 */
export const API_KEY_FINGERPRINT = /^[0-9a-f]{16}$/;
export const API_ABUSE_ANOMALIES = ['volume_spike', 'enumeration', 'client_errors'] as const;
export type ApiAbuseAnomaly = (typeof API_ABUSE_ANOMALIES)[number];

/** A key's requests to one path (query left out), as the store counts them in the window. */
export interface ApiKeyPathCount {
  key: string;
  method: string;
  path: string;
  requests: number;
  errors4xx: number;
}

/** A key's requests per hour before the window (hours it made none left out), and the addresses that used it in the window. */
export interface ApiKeyHistory {
  key: string;
  /** Hours of the baseline period, and the key's requests over them. */
  baselineHours: number;
  baselineRequests: number;
  clients: string[];
  lastSeen: Date;
}

/** A template with this many distinct ids, nearly one a request, is being walked. */
export const ENUMERATION_MIN_IDS = 50;
export const ENUMERATION_MIN_SHARE = 0.8;
/** The window's rate past this many times the key's baseline (and past SPIKE_MIN_PER_HOUR) is a spike. */
export const SPIKE_FACTOR = 5;
export const SPIKE_MIN_PER_HOUR = 100;
/** This share of 4xx answers over at least ERRORS_MIN_REQUESTS requests. */
export const ERRORS_MIN_SHARE = 0.3;
export const ERRORS_MIN_REQUESTS = 20;

export interface ApiKeyRisk {
  key: string;
  requests: number;
  errors4xx: number;
  per_hour: number;
  /** Its usual hourly rate (null: no history before the window). */
  baseline_per_hour: number | null;
  risk: number;
  anomalies: { kind: ApiAbuseAnomaly; detail: string }[];
  top_templates: { method: string; template: string; requests: number; distinct_ids: number }[];
  clients: string[];
  last_seen: string;
}

const ID_SEGMENT = /\{id\}/;

/** Every key of the window with its rates, anomalies and risk (0–100), riskiest first. */
export function assessApiKeys(paths: readonly ApiKeyPathCount[], history: readonly ApiKeyHistory[], windowMs: number): ApiKeyRisk[] {
  const hours = Math.max(windowMs, 60_000) / 3_600_000;
  const byKey = new Map<string, ApiKeyPathCount[]>();
  for (const p of paths) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  const hist = new Map(history.map((h) => [h.key, h]));
  const out: ApiKeyRisk[] = [];
  for (const [key, rows] of byKey) {
    const requests = rows.reduce((s, r) => s + r.requests, 0);
    const errors4xx = rows.reduce((s, r) => s + r.errors4xx, 0);
    const templates = new Map<string, { method: string; template: string; requests: number; ids: Set<string> }>();
    for (const r of rows) {
      const path = r.path.split('?')[0] ?? r.path;
      const template = pathTemplate(path);
      const t = templates.get(`${r.method} ${template}`) ?? { method: r.method, template, requests: 0, ids: new Set<string>() };
      t.requests += r.requests;
      if (ID_SEGMENT.test(template)) t.ids.add(path);
      templates.set(`${r.method} ${template}`, t);
    }
    const h = hist.get(key);
    const perHour = requests / hours;
    const baseline = h && h.baselineHours > 0 && h.baselineRequests > 0 ? h.baselineRequests / h.baselineHours : null;
    const anomalies: ApiKeyRisk['anomalies'] = [];
    let risk = 0;
    if (baseline !== null && perHour >= SPIKE_MIN_PER_HOUR && perHour > SPIKE_FACTOR * baseline) {
      anomalies.push({ kind: 'volume_spike', detail: `${Math.round(perHour)} requests an hour against its usual ${Math.round(baseline)}` });
      risk += Math.min(50, 20 + Math.round(perHour / baseline));
    }
    const walked = [...templates.values()].filter((t) => t.ids.size >= ENUMERATION_MIN_IDS && t.ids.size / t.requests >= ENUMERATION_MIN_SHARE);
    for (const t of walked) anomalies.push({ kind: 'enumeration', detail: `${t.ids.size} distinct ids on ${t.method} ${t.template}` });
    if (walked.length) risk += 40;
    if (requests >= ERRORS_MIN_REQUESTS && errors4xx / requests >= ERRORS_MIN_SHARE) {
      anomalies.push({ kind: 'client_errors', detail: `${Math.round((errors4xx / requests) * 100)}% of its requests answered 4xx` });
      risk += Math.round(30 * (errors4xx / requests));
    }
    out.push({
      key,
      requests,
      errors4xx,
      per_hour: Math.round(perHour),
      baseline_per_hour: baseline === null ? null : Math.round(baseline),
      risk: Math.min(100, risk),
      anomalies,
      top_templates: [...templates.values()]
        .sort((a, b) => b.requests - a.requests)
        .slice(0, 5)
        .map((t) => ({ method: t.method, template: t.template, requests: t.requests, distinct_ids: t.ids.size })),
      clients: (h?.clients ?? []).slice(0, 20),
      last_seen: (h?.lastSeen ?? new Date(0)).toISOString(),
    });
  }
  return out.sort((a, b) => b.risk - a.risk || b.requests - a.requests);
}

/** What an operator does about a key: refuse it at the edges (by its fingerprint), or lift that. */
export const apiKeyBlockInputSchema = z.object({
  key: z
    .string()
    .regex(API_KEY_FINGERPRINT, 'Should be a key fingerprint (16 hex digits)')
    .meta({ examples: ['3f9a0c1d2e4b5a67'] }),
  blocked: z.boolean(),
});

export const apiKeyRiskSchema = z.object({
  key: z.string(),
  requests: z.number().int(),
  errors4xx: z.number().int(),
  per_hour: z.number().int(),
  baseline_per_hour: z.number().int().nullable(),
  risk: z.number().int(),
  anomalies: z.array(z.object({ kind: z.enum(API_ABUSE_ANOMALIES), detail: z.string() })),
  top_templates: z.array(z.object({ method: z.string(), template: z.string(), requests: z.number().int(), distinct_ids: z.number().int() })),
  clients: z.array(z.string()),
  last_seen: z.string(),
  blocked: z.boolean(),
});
export const apiAbuseViewSchema = z.object({
  from: z.string(),
  to: z.string(),
  keys: z.array(apiKeyRiskSchema),
  blocked: z.array(z.object({ key: z.string(), blocked_at: z.string() })),
});
export type ApiAbuseView = z.infer<typeof apiAbuseViewSchema>;
