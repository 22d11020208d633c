import { and, eq, ilike, inArray, isNotNull, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import { statusFilterSet, type DeviceFilter, type DeviceSortKey } from '@netloom/domain';
import { devices } from '../../db/read-models/devices';
import { likePattern } from '../../db/sql-helpers';

type Product = 'sdwan' | 'ztna';

/** What the device list asks the database for; every part is turned into SQL, none is done in memory. */
export interface DeviceListSpec {
  tenantId: string;
  /** Every named group and kind must match (a contradiction lists nothing). */
  networkIds: string[];
  kinds: ('gateway' | 'endpoint')[];
  /** Each entry is one status filter (its values OR'ed); null product maps each device by its kind. */
  statuses: { values: DeviceFilter[]; product: Product | null }[];
  /** Each entry is one filter of the menu (values OR'ed, case-insensitive substring); entries AND'ed. */
  os: string[][];
  users: string[][];
  locations: string[][];
  search: string | null;
  sort: { key: DeviceSortKey; direction: 'asc' | 'dsc' } | null;
  offset: number;
  limit: number | null;
}

function statusCondition(filter: DeviceFilter, product: Product): SQL {
  const set = statusFilterSet(filter, product);
  const parts: SQL[] = [];
  if (set.neverSeen) parts.push(isNull(devices.lastSeenAt));
  if (set.seenStatuses.length) parts.push(and(isNotNull(devices.lastSeenAt), inArray(devices.deviceStatus, set.seenStatuses))!);
  return parts.length ? or(...parts)! : sql`false`;
}

function statusFilter(values: DeviceFilter[], product: Product | null): SQL {
  const forProduct = (p: Product) => or(...values.map((v) => statusCondition(v, p)))!;
  if (product) return forProduct(product);
  return or(and(eq(devices.kind, 'gateway'), forProduct('sdwan')), and(eq(devices.kind, 'endpoint'), forProduct('ztna')))!;
}

const anyLike = (column: Column, values: string[]) => or(...values.map((v) => ilike(column, likePattern(v))))!;

const IPV4 = '^((25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])\\.){3}(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])$';

/** Sort expressions; empty values sort last both ways, like the console's table sort. */
const SORT_EXPRESSIONS: Record<DeviceSortKey, SQL> = {
  name: sql`lower(${devices.name})`,
  status: sql`(case when ${devices.lastSeenAt} is null then 'registered' else ${devices.deviceStatus} end)`,
  lastSeenTime: sql`${devices.lastSeenAt}`,
  createdDateTime: sql`${devices.createdAt}`,
  os: sql`nullif(lower(${devices.os}), '')`,
  location: sql`nullif(lower(${devices.locationName}), '')`,
  publicIp: sql`(case when ${devices.publicIp} ~ ${IPV4} then ${devices.publicIp}::inet end)`,
};

export function deviceListWhere(spec: DeviceListSpec): SQL {
  const conditions: (SQL | undefined)[] = [eq(devices.tenantId, spec.tenantId), eq(devices.claimed, true)];
  for (const id of spec.networkIds) conditions.push(eq(devices.networkId, id));
  for (const kind of spec.kinds) conditions.push(eq(devices.kind, kind));
  for (const s of spec.statuses) conditions.push(statusFilter(s.values, s.product));
  for (const values of spec.os) conditions.push(anyLike(devices.os, values));
  for (const values of spec.users) conditions.push(anyLike(devices.username, values));
  for (const values of spec.locations) conditions.push(anyLike(devices.locationName, values));
  if (spec.search) {
    const needle = likePattern(spec.search);
    conditions.push(
      or(
        ilike(devices.name, needle),
        ilike(devices.username, needle),
        ilike(devices.publicIp, needle),
        ilike(devices.vpnIp, needle),
        ilike(devices.locationName, needle),
        ilike(devices.os, needle),
      ),
    );
  }
  return and(...conditions)!;
}

export function deviceListOrder(spec: DeviceListSpec): SQL[] {
  const order: SQL[] = [];
  if (spec.sort) {
    const expr = SORT_EXPRESSIONS[spec.sort.key];
    order.push(spec.sort.direction === 'asc' ? sql`${expr} asc nulls last` : sql`${expr} desc nulls last`);
  }
  order.push(sql`lower(${devices.name}) asc`, sql`${devices.id} asc`);
  return order;
}
