import { truncateName } from '../format/text';

/** What a device is called where it is picked or listed. */
export interface NamedDevice {
  id: string;
  name: string;
  serial?: string | null;
}

// 'Branch  1 ' and 'branch 1' read alike in a table, so they count as one name.
const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * How to call each device so that none can be taken for another: its name, and where several of
 * the list share a name (in any case or spacing), the name with its serial ('edge · SN-1042').
 */
export function deviceLabels(devices: readonly NamedDevice[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const d of devices) counts.set(key(d.name), (counts.get(key(d.name)) ?? 0) + 1);
  return new Map(devices.map((d) => [d.id, (counts.get(key(d.name)) ?? 0) > 1 && d.serial ? `${d.name.trim()} · ${d.serial}` : d.name]));
}

/** The devices whose name another of the list carries too: a table shows their serials beside their names. */
export function sharedNameIds(devices: readonly NamedDevice[]): Set<string> {
  const labels = deviceLabels(devices);
  return new Set(devices.filter((d) => labels.get(d.id) !== d.name).map((d) => d.id));
}

/** The serials of the other devices that carry this device's name: an inventory warns that the name is reused. */
export function sameNameSerials(device: NamedDevice, devices: readonly NamedDevice[]): string[] {
  return nameTakenBy(device.name, devices, device.id);
}

/**
 * The serials (or ids, for a device with none) of the devices that already carry `name`, leaving
 * out the device being named (`self`): a claim or rename form warns before saving a reused name.
 * A blank name is taken by nobody: the form's own rule refuses it.
 */
export function nameTakenBy(name: string, devices: readonly NamedDevice[], self?: string): string[] {
  if (!name.trim()) return [];
  return devices.filter((d) => d.id !== self && key(d.name) === key(name)).map((d) => d.serial ?? d.id);
}

/** A picker's choices: every device by the label that tells it apart. */
export function deviceOptions(devices: readonly NamedDevice[]): { value: string; label: string }[] {
  const labels = deviceLabels(devices);
  return devices.map((d) => ({ value: d.id, label: labels.get(d.id)! }));
}

/**
 * A label cut to `max` characters where space is short (a chart's axis), keeping its serial whole:
 * cutting 'headquarters-datacenter · SN-1' and '… · SN-2' at the same place would make them one.
 */
export function shortDeviceLabel(label: string, serial: string | null | undefined, max: number): string {
  const tail = serial ? ` · ${serial}` : '';
  if (!tail || !label.endsWith(tail) || Array.from(label).length <= max) return truncateName(label, max);
  return `${truncateName(label.slice(0, -tail.length), Math.max(1, max - Array.from(tail).length))}${tail}`;
}
