import { IOT_HEALTH_STATES, type IotClass, type IotDevice, type IotHealthState } from '@netloom/domain';
import { classLabel } from './iot-labels';

/** Vendors past this many are counted together as 'Other' (a pie of forty slices says nothing). */
export const VENDOR_SLICES_MAX = 8;
/** A device first seen within this long is new. */
const NEW_DEVICE_MS = 86_400_000;

export interface InventorySummary {
  byClass: { cls: IotClass; name: string; value: number }[];
  byVendor: { name: string; value: number }[];
  gateways: { id: string; name: string; devices: number; stale: number; deviations: number }[];
  health: Record<IotHealthState, number> & { battery_low: number };
  /** First seen within NEW_DEVICE_MS, the newest first. */
  fresh: IotDevice[];
  /** Devices whose telemetry or reports stopped: stale or offline, the longest silent first. */
  silent: IotDevice[];
  /** Devices with open deviations from their class's profile, the most first. */
  deviating: IotDevice[];
}

const countBy = <K extends string>(items: readonly IotDevice[], key: (d: IotDevice) => K): Map<K, number> => {
  const counts = new Map<K, number>();
  for (const d of items) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  return counts;
};

/**
 * What the IoT overview counts from the inventory: devices by class (the corrected class where an
 * admin set one) and by vendor (the largest first, the rest as 'Other', unknown vendors as
 * 'Unknown vendor'), each gateway's devices, health, and which devices are new, silent or deviating.
 */
export function summariseInventory(devices: readonly IotDevice[], now = Date.now()): InventorySummary {
  const byClass = [...countBy(devices, (d) => d.classification.class)]
    .map(([cls, value]) => ({ cls, name: classLabel(cls), value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const vendors = [...countBy(devices, (d) => d.vendor ?? 'Unknown vendor')]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const rest = vendors.slice(VENDOR_SLICES_MAX).reduce((n, v) => n + v.value, 0);
  const byVendor = rest > 0 ? [...vendors.slice(0, VENDOR_SLICES_MAX), { name: 'Other', value: rest }] : vendors;

  const gateways = new Map<string, InventorySummary['gateways'][number]>();
  for (const d of devices) {
    const g = gateways.get(d.gateway.id) ?? { id: d.gateway.id, name: d.gateway.name, devices: 0, stale: 0, deviations: 0 };
    g.devices += 1;
    if (d.health.state === 'stale' || d.health.state === 'offline') g.stale += 1;
    g.deviations += d.open_deviations;
    gateways.set(d.gateway.id, g);
  }

  const health = Object.fromEntries(IOT_HEALTH_STATES.map((s) => [s, 0])) as InventorySummary['health'];
  health.battery_low = 0;
  for (const d of devices) {
    health[d.health.state] += 1;
    if (d.health.battery_low) health.battery_low += 1;
  }

  const fresh = devices.filter((d) => now - Date.parse(d.first_seen) < NEW_DEVICE_MS).sort((a, b) => b.first_seen.localeCompare(a.first_seen));
  const silent = devices
    .filter((d) => d.health.state === 'stale' || d.health.state === 'offline')
    .sort((a, b) => (b.health.age_s ?? 0) - (a.health.age_s ?? 0));
  const deviating = devices.filter((d) => d.open_deviations > 0).sort((a, b) => b.open_deviations - a.open_deviations);
  return {
    byClass,
    byVendor,
    gateways: [...gateways.values()].sort((a, b) => b.devices - a.devices || a.name.localeCompare(b.name)),
    health,
    fresh,
    silent,
    deviating,
  };
}
