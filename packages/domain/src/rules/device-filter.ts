import { LIVE_STATUSES } from '../agent/messages';
import { matchesDeviceFilter, type DeviceFilter } from './device-status';

/** Every status a device row can hold: what heartbeats report, and 'registered' before the first. */
export const STORED_DEVICE_STATUSES = [...LIVE_STATUSES, 'registered'] as const;

export interface StatusFilterSet {
  /** Whether a device that was never seen matches. */
  neverSeen: boolean;
  /** The stored statuses that match for a device that was seen. */
  seenStatuses: string[];
}

/**
 * The device filter of spec 000 §4 as sets of stored statuses, so a database can filter with an
 * indexed `status in (…)` and still agree with `matchesDeviceFilter` row for row.
 */
export function statusFilterSet(filter: DeviceFilter, product: 'sdwan' | 'ztna'): StatusFilterSet {
  return {
    neverSeen: matchesDeviceFilter({ deviceStatus: 'registered', lastSeenTime: null }, filter, product),
    seenStatuses: STORED_DEVICE_STATUSES.filter((s) => matchesDeviceFilter({ deviceStatus: s, lastSeenTime: '2000-01-01T00:00:00Z' }, filter, product)),
  };
}
