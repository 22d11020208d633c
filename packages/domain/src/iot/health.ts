/**
 * An IoT device's health as the IoT page shows it: how long since it was last seen (a report, a
 * flow, a telemetry value) and its battery where it reports one. Sensors that sleep report every
 * few minutes, so 'stale' comes before 'offline' rather than a blip turning a device red.
 */
export const IOT_HEALTH_STATES = ['online', 'stale', 'offline', 'never'] as const;
export type IotHealthState = (typeof IOT_HEALTH_STATES)[number];

export interface IotHealthThresholds {
  /** Past this since last seen, stale. */
  stale_after_s: number;
  /** Past this, offline. */
  offline_after_s: number;
  /** At or below this, the battery is low. */
  battery_low_pct: number;
}
export const IOT_HEALTH_DEFAULTS: IotHealthThresholds = { stale_after_s: 600, offline_after_s: 3600, battery_low_pct: 20 };

export interface IotHealth {
  state: IotHealthState;
  /** Seconds since last seen; null when never seen. */
  age_s: number | null;
  battery_pct: number | null;
  battery_low: boolean;
}

/** A last-seen time a little ahead of the server's clock (a device's clock drifts) counts as now. */
export function iotHealth(
  lastSeen: string | null,
  now: number,
  batteryPct: number | null = null,
  thresholds: IotHealthThresholds = IOT_HEALTH_DEFAULTS,
): IotHealth {
  const battery = { battery_pct: batteryPct, battery_low: batteryPct !== null && batteryPct <= thresholds.battery_low_pct };
  if (lastSeen === null) return { state: 'never', age_s: null, ...battery };
  const age_s = Math.max(0, Math.floor((now - Date.parse(lastSeen)) / 1000));
  const state = age_s >= thresholds.offline_after_s ? 'offline' : age_s >= thresholds.stale_after_s ? 'stale' : 'online';
  return { state, age_s, ...battery };
}
