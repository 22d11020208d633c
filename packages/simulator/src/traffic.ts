import { noise, type Random } from './prng';

/** Circular distance between two hours of the day. */
const hourDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 24;
  return Math.min(d, 24 - d);
};

const bump = (hour: number, centre: number, width: number): number => Math.exp(-(hourDistance(hour, centre) ** 2) / (2 * width * width));

/**
 * Share of the peak rate at a local hour: quiet at night, busy in office hours, a smaller evening
 * peak of streaming. Never zero: backups and updates run at night too.
 */
export function dailyCurve(localHour: number): number {
  return Math.min(1, 0.08 + 0.8 * bump(localHour, 14, 3.2) + 0.3 * bump(localHour, 20.5, 1.8));
}

/** The local solar hour at a longitude: good enough for a traffic curve, no time-zone table needed. */
export function localHour(at: Date, lng: number): number {
  const utc = at.getUTCHours() + at.getUTCMinutes() / 60 + at.getUTCSeconds() / 3600;
  return (((utc + lng / 15) % 24) + 24) % 24;
}

export interface Counters {
  rx: number;
  tx: number;
}

export interface TrafficProfile {
  /** Peak download rate in bytes per second. */
  peakBps: number;
  /** Upload as a share of download. */
  txShare: number;
  lng: number;
}

/** The rate at a moment, with noise; never negative. */
export function trafficRate(profile: TrafficProfile, at: Date, random: Random): Counters {
  const base = profile.peakBps * dailyCurve(localHour(at, profile.lng));
  const rx = Math.max(0, base * (1 + noise(random, 0.15)));
  const tx = Math.max(0, base * profile.txShare * (1 + noise(random, 0.2)));
  return { rx, tx };
}

/**
 * Interface byte counters only grow (like a real box's counters between reboots, which the
 * graphs turn into rates); a link that is down moves nothing.
 */
export function advanceCounters(c: Counters, profile: TrafficProfile, at: Date, dtSeconds: number, up: boolean, random: Random): Counters {
  if (!up || dtSeconds <= 0) return c;
  const rate = trafficRate(profile, at, random);
  return { rx: c.rx + Math.round(rate.rx * dtSeconds), tx: c.tx + Math.round(rate.tx * dtSeconds) };
}

/** Integration step of busySeconds: the curve hardly moves within five minutes. */
const BUSY_STEP_S = 300;

/**
 * Seconds at peak rate that the daily curve amounts to between two moments (ms): a rate times
 * this is a counter that only grows and follows the local day, without drawing any randomness.
 */
export function busySeconds(fromMs: number, toMs: number, lng: number): number {
  let sum = 0;
  for (let t = fromMs; t < toMs; t += BUSY_STEP_S * 1000) {
    const dt = Math.min(BUSY_STEP_S * 1000, toMs - t);
    sum += dailyCurve(localHour(new Date(t + dt / 2), lng)) * (dt / 1000);
  }
  return sum;
}
