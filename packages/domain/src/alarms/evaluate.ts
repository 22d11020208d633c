import type { AlarmSettings } from '../config/families/services';
import type { AlarmState } from './kinds';

/**
 * What the engine remembers of one subject (a device, a WAN link, a tunnel): the state last
 * stored, a different state seen since and from when, and when the recent changes happened.
 */
export interface SubjectState {
  state: AlarmState;
  candidate: AlarmState | null;
  candidateSince: number | null;
  /** Times (ms) of stored changes within the flapping window, oldest first. */
  changes: number[];
}

export interface AlarmTiming {
  /** How long a new state has to last before it is stored (performance: the settings' hold_seconds). */
  holdMs: number;
  /** Flapping: this many changes within the window … */
  flapLimit: number;
  flapWindowMs: number;
  /** … and a new state has to last this long before it is stored. */
  flapHoldMs: number;
}

/** Reachability, WAN links and tunnels alert at once; a link bouncing more than 4 times in 10 minutes waits for 2 stable minutes. */
export const UP_DOWN_TIMING: AlarmTiming = { holdMs: 0, flapLimit: 4, flapWindowMs: 10 * 60_000, flapHoldMs: 2 * 60_000 };

export function performanceTiming(settings: AlarmSettings): AlarmTiming {
  return { ...UP_DOWN_TIMING, holdMs: settings.hold_seconds * 1000 };
}

/** A subject never seen is OK: only going bad is news. */
export const freshSubject = (): SubjectState => ({ state: 'OK', candidate: null, candidateSince: null, changes: [] });

export interface Observation {
  next: SubjectState;
  /** The state to store, when this observation changes it. */
  change: AlarmState | null;
}

export function isFlapping(s: SubjectState, now: number, t: AlarmTiming): boolean {
  return s.changes.filter((at) => now - at < t.flapWindowMs).length >= t.flapLimit;
}

/**
 * One observation of a subject. The same state again changes nothing (repeated heartbeats add no
 * alarm); a different one becomes a candidate and is stored once it has lasted the hold time, or
 * the longer flapping hold when the subject changed too often lately. A candidate interrupted by
 * the stored state is forgotten.
 */
export function observe(s: SubjectState, observed: AlarmState, now: number, t: AlarmTiming): Observation {
  const changes = s.changes.filter((at) => now - at < t.flapWindowMs);
  if (observed === s.state) return { next: { state: s.state, candidate: null, candidateSince: null, changes }, change: null };
  const since = s.candidate === observed && s.candidateSince !== null ? s.candidateSince : now;
  const hold = isFlapping({ ...s, changes }, now, t) ? Math.max(t.holdMs, t.flapHoldMs) : t.holdMs;
  if (now - since >= hold) return { next: { state: observed, candidate: null, candidateSince: null, changes: [...changes, now] }, change: observed };
  return { next: { state: s.state, candidate: observed, candidateSince: since, changes }, change: null };
}

export interface LinkQuality {
  latency_ms: number | null;
  jitter_ms?: number | null;
  loss_pct: number;
}

/** A WAN link's quality against the thresholds: no answer at all (latency unknown, all lost) is over them too. */
export function qualityState(q: LinkQuality, settings: AlarmSettings): AlarmState {
  if (q.loss_pct > settings.loss_pct) return 'Alerting';
  if (q.latency_ms !== null && q.latency_ms > settings.latency_ms) return 'Alerting';
  if (q.jitter_ms != null && q.jitter_ms > settings.jitter_ms) return 'Alerting';
  return 'OK';
}

/** Up/down as the devices report it; 'unknown' tells nothing and is no observation. */
export function upDownState(status: 'up' | 'down' | 'unknown'): AlarmState | null {
  if (status === 'unknown') return null;
  return status === 'up' ? 'OK' : 'Alerting';
}
