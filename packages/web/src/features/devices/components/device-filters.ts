import { DEVICE_FILTERS, matchesDeviceFilter, type DeviceFilter } from '@netloom/domain';
import type { FilterDefinition, FilterValues } from '@/components/dialogs/filter-types';
import type { DeviceTableRow } from './device-table-rows';

/** The table's filters (spec 000 §2.4: user, os, location, status), as kept in the URL. */
export interface DeviceFilters {
  user: string[];
  os: string[];
  location: string[];
  status: DeviceFilter;
}

const MULTI = ['user', 'os', 'location'] as const;

const isDeviceFilter = (v: string | null): v is DeviceFilter => (DEVICE_FILTERS as readonly string[]).includes(v ?? '');
const STATUS_LABELS: Record<DeviceFilter, string> = {
  all: 'All',
  online: 'Online',
  connected: 'Connected',
  offline: 'Offline',
  undeployed: 'Undeployed',
};

export function filtersFromParams(params: URLSearchParams): DeviceFilters {
  const status = params.get('status');
  return {
    user: params.getAll('user'),
    os: params.getAll('os'),
    location: params.getAll('location'),
    status: isDeviceFilter(status) ? status : 'all',
  };
}

/** Writes the filters into the search params, leaving the page's other params alone. */
export function filtersToParams(filters: DeviceFilters, base: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of [...MULTI, 'status']) next.delete(key);
  for (const key of MULTI) for (const v of filters[key]) next.append(key, v);
  if (filters.status !== 'all') next.set('status', filters.status);
  return next;
}

export const activeFilterCount = (f: DeviceFilters) => f.user.length + f.os.length + f.location.length + (f.status === 'all' ? 0 : 1);

const distinct = (rows: readonly DeviceTableRow[], pick: (r: DeviceTableRow) => string) =>
  [...new Set(rows.map(pick).filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** 'Select Filters' fields, with the values the fleet actually has to choose from. */
export function filterDefinitions(rows: readonly DeviceTableRow[]): FilterDefinition[] {
  return [
    { type: 'select', name: 'User', formControl: 'user', multipleSelect: true, options: distinct(rows, (r) => r.owner), placeholder: 'Any user' },
    { type: 'select', name: 'OS', formControl: 'os', multipleSelect: true, options: distinct(rows, (r) => r.os), placeholder: 'Any OS' },
    {
      type: 'select',
      name: 'Location',
      formControl: 'location',
      multipleSelect: true,
      options: distinct(rows, (r) => r.location),
      placeholder: 'Any location',
    },
    {
      type: 'select',
      name: 'Status',
      formControl: 'status',
      options: DEVICE_FILTERS.map((f) => ({ value: f, label: STATUS_LABELS[f] })),
      placeholder: 'All',
    },
  ];
}

export const toDialogValues = (f: DeviceFilters): FilterValues => ({ ...f, status: f.status === 'all' ? null : f.status });

export function fromDialogValues(v: FilterValues): DeviceFilters {
  const list = (x: unknown) => (Array.isArray(x) ? x.map(String) : []);
  const status = typeof v.status === 'string' ? v.status : null;
  return { user: list(v.user), os: list(v.os), location: list(v.location), status: isDeviceFilter(status) ? status : 'all' };
}

/** The rows the filters let through; the status rule is the domain's, per product. */
export function applyDeviceFilters(rows: readonly DeviceTableRow[], f: DeviceFilters, product: 'sdwan' | 'ztna'): DeviceTableRow[] {
  return rows.filter(
    (r) =>
      (f.user.length === 0 || f.user.includes(r.owner)) &&
      (f.os.length === 0 || f.os.includes(r.os)) &&
      (f.location.length === 0 || f.location.includes(r.location)) &&
      matchesDeviceFilter({ deviceStatus: r.statusKey, lastSeenTime: r.lastSeenTime || null }, f.status, product),
  );
}
