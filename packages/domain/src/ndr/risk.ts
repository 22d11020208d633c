import { z } from 'zod';
import { maxNdrSeverity, NDR_SEVERITIES, type NdrDetection, type NdrSeverity } from './detection';
import type { NdrTriageStatus } from './triage';

/**
 * Hosts at risk: each detection of a host adds points by its severity, weighed by its confidence,
 * and its points halve every half-life after it was last seen, so a host that stops misbehaving
 * drops down the list on its own. The score is capped at 100. Detections triage closed (resolved,
 * or a false positive) no longer count: someone has dealt with them.
 */
export const ndrRiskParamsSchema = z.strictObject({
  half_life_hours: z
    .number()
    .min(1)
    .max(30 * 24)
    .default(24),
  points: z
    .strictObject({
      low: z.number().min(0).max(100).default(5),
      medium: z.number().min(0).max(100).default(15),
      high: z.number().min(0).max(100).default(35),
      critical: z.number().min(0).max(100).default(60),
    })
    .default({ low: 5, medium: 15, high: 35, critical: 60 }),
});
export type NdrRiskParams = z.infer<typeof ndrRiskParamsSchema>;

/** What the score reads of a detection, with its triage status when it has one. */
export type NdrRiskInput = Pick<NdrDetection, 'host' | 'severity' | 'confidence' | 'last_seen' | 'tactics'> & { status?: NdrTriageStatus };

export interface NdrHostRisk {
  ip: string;
  device_id: string;
  /** 0–100, whole. */
  score: number;
  /** Detections that still count. */
  detections: number;
  worst: NdrSeverity;
  last_seen: string;
  tactics: string[];
}

/** Points below this are nothing left to rank. */
const NEGLIGIBLE = 0.5;

export const ndrRiskLevel = (score: number): NdrSeverity => (score >= 80 ? 'critical' : score >= 50 ? 'high' : score >= 20 ? 'medium' : 'low');

/**
 * Every host's score at `now` (ms), the highest first. A host is an address as one device saw it:
 * the same private address at two sites is two hosts.
 */
export function ndrHostRisk(detections: readonly NdrRiskInput[], now: number, params: NdrRiskParams = ndrRiskParamsSchema.parse({})): NdrHostRisk[] {
  const halfLife = params.half_life_hours * 3_600_000;
  const hosts = new Map<string, NdrHostRisk & { points: number }>();
  for (const d of detections) {
    if (d.status === 'resolved' || d.status === 'false_positive') continue;
    const seen = Date.parse(d.last_seen);
    const age = Math.max(0, now - seen);
    const points = params.points[d.severity] * d.confidence * 0.5 ** (age / halfLife);
    const key = `${d.host.device_id}|${d.host.ip}`;
    const h = hosts.get(key) ?? {
      ip: d.host.ip,
      device_id: d.host.device_id,
      score: 0,
      points: 0,
      detections: 0,
      worst: NDR_SEVERITIES[0],
      last_seen: d.last_seen,
      tactics: [],
    };
    h.points += points;
    h.detections++;
    h.worst = maxNdrSeverity(h.worst, d.severity);
    if (seen > Date.parse(h.last_seen)) h.last_seen = d.last_seen;
    for (const t of d.tactics) if (!h.tactics.includes(t)) h.tactics.push(t);
    hosts.set(key, h);
  }
  return [...hosts.values()]
    .filter((h) => h.points >= NEGLIGIBLE)
    .map(({ points, ...h }) => ({ ...h, score: Math.min(100, Math.round(points)) }))
    .sort((a, b) => b.score - a.score || Date.parse(b.last_seen) - Date.parse(a.last_seen) || a.ip.localeCompare(b.ip));
}
