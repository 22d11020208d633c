import { bytesToMegabytes, splitUserApp, type TrafficRow } from '@netloom/domain';

/**
 * How a ranked key reads: a country by its name, a device by its name, a port with its service
 * ('tcp/443 (https)'), anything else as its key.
 */
export function rowLabel(row: TrafficRow): string {
  if (row.label) return row.label;
  if (row.device_name) return row.device_name;
  if (row.port_name) return `${row.key} (${row.port_name})`;
  // A user and application pair reads as both names.
  if (row.key.includes('\t')) {
    const { user, application } = splitUserApp(row.key);
    return `${user} · ${application}`;
  }
  return row.key;
}

/** Megabytes of 1e6 bytes with two decimals, as the traffic panels show bytes (spec 000 §9). */
export const formatMegabytes = (bytes: number): string => `${bytesToMegabytes(bytes).toFixed(2)} MB`;
