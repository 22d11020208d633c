import type { IotSummary } from '@netloom/domain';
import { classLabel } from './iot-labels';

/** Vendors past this many are counted together as 'Other' (a pie of forty slices says nothing). */
export const VENDOR_SLICES_MAX = 8;

export interface InventorySlices {
  byClass: { name: string; value: number }[];
  byVendor: { name: string; value: number }[];
}

/**
 * The overview's pies from the server's counts: classes by their names, vendors the largest first
 * with the rest (and those the server already counted together) as 'Other', and devices whose MAC
 * names no vendor as 'Unknown vendor'.
 */
export function inventorySlices(summary: IotSummary): InventorySlices {
  const byClass = summary.by_class
    .map((c) => ({ name: classLabel(c.class), value: c.devices }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const vendors = summary.by_vendor
    .map((v) => ({ name: v.vendor ?? 'Unknown vendor', value: v.devices }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const rest = vendors.slice(VENDOR_SLICES_MAX).reduce((n, v) => n + v.value, summary.other_vendors);
  const byVendor = rest > 0 ? [...vendors.slice(0, VENDOR_SLICES_MAX), { name: 'Other', value: rest }] : vendors;
  return { byClass, byVendor };
}
