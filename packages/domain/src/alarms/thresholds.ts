import { alarmsSchema, type AlarmSettings } from '../config/families/services';
import { DEFAULT_ALARM_SETTINGS } from './kinds';

/**
 * The thresholds a device's performance alarms use: its own alarm settings (services → alarms of
 * its configuration), else the tenant's default, else the built-in one. Stored values that no
 * longer parse count as absent.
 */
export function effectiveAlarmSettings(device: unknown, tenantDefault: unknown): AlarmSettings {
  for (const candidate of [device, tenantDefault]) {
    if (candidate === null || candidate === undefined) continue;
    const parsed = alarmsSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return DEFAULT_ALARM_SETTINGS;
}
