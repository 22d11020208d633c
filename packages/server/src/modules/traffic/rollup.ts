import { FLOW_DIMENSIONS, bucketSeconds, type RollupLevel } from '@netloom/domain';
import { TENANT_WIDE, type FlowToStore } from './store';

/**
 * A rollup row as the upsert reads it (json_to_recordset), with one-letter names: a write carries
 * hundreds of thousands of them, and the names were most of the text.
 */
export interface RollupRow {
  /** tenant */
  t: string;
  /** product */
  p: string;
  /** dimension */
  d: string;
  /** bucket start, ISO */
  b: string;
  /** device */
  v: string;
  /** key */
  k: string;
  /** bytes out, bytes in, packets, flows */
  o: number;
  i: number;
  n: number;
  f: number;
}

export type RollupTableLevel = Exclude<RollupLevel, 'raw'>;

/** The bucket a record counts in: the one its start falls in (a record spans at most two minutes, and is counted once). */
export const bucketOf = (at: Date, level: RollupTableLevel): Date => {
  const width = bucketSeconds(level) * 1000;
  return new Date(Math.floor(at.getTime() / width) * width);
};

const SEP = '\u0000';
const idOf = (r: Pick<RollupRow, 't' | 'p' | 'd' | 'b' | 'v' | 'k'>) => `${r.t}${SEP}${r.p}${SEP}${r.d}${SEP}${r.b}${SEP}${r.v}${SEP}${r.k}`;

function add(rows: Map<string, RollupRow>, id: string, from: RollupRow): void {
  const row = rows.get(id);
  if (!row) {
    rows.set(id, { ...from });
    return;
  }
  row.o += from.o;
  row.i += from.i;
  row.n += from.n;
  row.f += from.f;
}

/** Rows sorted by their key: two instances adding to the same rows take their row locks in one order. */
export const sorted = (rows: Map<string, RollupRow>) => [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/** The same rows summed into a coarser bucket: hours from minutes, days from hours. */
export function coarser(rows: Map<string, RollupRow>, level: RollupTableLevel): Map<string, RollupRow> {
  const out = new Map<string, RollupRow>();
  const buckets = new Map<string, string>();
  for (const r of rows.values()) {
    let b = buckets.get(r.b);
    if (b === undefined) buckets.set(r.b, (b = bucketOf(new Date(r.b), level).toISOString()));
    const row = { ...r, b };
    add(out, idOf(row), row);
  }
  return out;
}

/**
 * The tenant-wide rows (device TENANT_WIDE) beside the per-device ones: a tenant's chart reads one
 * row per key and bucket instead of one per device that saw the key (a destination seen by ten
 * gateways), which is what makes the dashboards' week fast. Device pages and device groups read
 * the per-device rows.
 */
function withTenantWide(rows: Map<string, RollupRow>): Map<string, RollupRow> {
  const wide = new Map<string, RollupRow>();
  for (const r of rows.values()) {
    const row = { ...r, v: TENANT_WIDE };
    add(wide, idOf(row), row);
  }
  for (const [id, row] of wide) rows.set(id, row);
  return rows;
}

/**
 * The rollup rows a set of flows adds at each level, summed per (tenant, product, dimension,
 * bucket, device, key): one row per key however many records share it, which is what keeps a
 * write small. Minutes are summed from the records, hours from the minutes and days from the
 * hours, so each record is looked at once per dimension.
 */
export function rollupRows(flows: readonly FlowToStore[]): Record<RollupTableLevel, RollupRow[]> {
  const minute = new Map<string, RollupRow>();
  const buckets = new Map<number, string>();
  for (const f of flows) {
    const at = bucketOf(f.start, 'minute').getTime();
    let b = buckets.get(at);
    if (b === undefined) buckets.set(at, (b = new Date(at).toISOString()));
    const n = f.packetsOut + f.packetsIn;
    for (const d of FLOW_DIMENSIONS) {
      const row: RollupRow = { t: f.tenantId, p: f.product, d, b, v: f.deviceId, k: f.keys[d], o: f.bytesOut, i: f.bytesIn, n, f: 1 };
      add(minute, idOf(row), row);
    }
  }
  const hour = coarser(minute, 'hour');
  const day = coarser(hour, 'day');
  return { minute: sorted(withTenantWide(minute)), hour: sorted(withTenantWide(hour)), day: sorted(withTenantWide(day)) };
}
