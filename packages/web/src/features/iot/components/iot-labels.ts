import { IOT_CLASS_LABELS, type IotClass, type IotHealthState } from '@netloom/domain';

export const HEALTH_LOOK: Record<IotHealthState, { label: string; color: string }> = {
  online: { label: 'Online', color: 'green' },
  stale: { label: 'Stale', color: 'yellow' },
  offline: { label: 'Offline', color: 'red' },
  never: { label: 'Never seen', color: 'gray' },
};

export const classLabel = (cls: IotClass): string => IOT_CLASS_LABELS[cls];

/** Class choices for a select, in the domain's order. */
export const CLASS_OPTIONS = (Object.keys(IOT_CLASS_LABELS) as IotClass[]).map((c) => ({ value: c, label: IOT_CLASS_LABELS[c] }));

const PROTOCOLS: Record<number, string> = { 1: 'ICMP', 6: 'TCP', 17: 'UDP', 58: 'ICMPv6' };
export const protocolName = (n: number): string => PROTOCOLS[n] ?? String(n);

/** 0–1 as a whole percentage. */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** Seconds since last seen as a person reads them: seconds, then minutes, hours, days. */
export function ageText(s: number | null): string {
  if (s === null) return 'never';
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** A device's name as a list shows it: its host name, else its MAC or bus id. */
export const deviceName = (d: { hostname: string | null; mac: string | null; bus_id: string | null; ip: string | null }): string =>
  d.hostname ?? d.mac ?? d.bus_id ?? d.ip ?? 'Unnamed device';
