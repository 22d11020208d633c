import { FLOW_DIMENSIONS, bucketSeconds, type RollupLevel } from '@netloom/domain';
import type { FlowToStore } from './store';

export interface RollupRow {
  tenant_id: string;
  product: string;
  dim: string;
  bucket: string;
  device_id: string;
  key: string;
  bytes_out: number;
  bytes_in: number;
  packets: number;
  flows: number;
}

/** The bucket a record counts in: the one its start falls in (a record spans at most two minutes, and is counted once). */
export const bucketOf = (at: Date, level: Exclude<RollupLevel, 'raw'>): Date => {
  const width = bucketSeconds(level) * 1000;
  return new Date(Math.floor(at.getTime() / width) * width);
};

/**
 * The rollup rows a set of flows adds at one level, summed per (tenant, product, dimension,
 * bucket, device, key): one row per key however many records share it, which is what makes a
 * batch's write small. Sorted by that key, the order the upsert takes its row locks in.
 */
export function rollupRows(flows: readonly FlowToStore[], level: Exclude<RollupLevel, 'raw'>): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const f of flows) {
    const bucket = bucketOf(f.start, level).toISOString();
    for (const dim of FLOW_DIMENSIONS) {
      const key = f.keys[dim];
      const id = `${f.tenantId}\u0000${f.product}\u0000${dim}\u0000${bucket}\u0000${f.deviceId}\u0000${key}`;
      const row = rows.get(id);
      if (row) {
        row.bytes_out += f.bytesOut;
        row.bytes_in += f.bytesIn;
        row.packets += f.packetsOut + f.packetsIn;
        row.flows += 1;
      } else {
        rows.set(id, {
          tenant_id: f.tenantId,
          product: f.product,
          dim,
          bucket,
          device_id: f.deviceId,
          key,
          bytes_out: f.bytesOut,
          bytes_in: f.bytesIn,
          packets: f.packetsOut + f.packetsIn,
          flows: 1,
        });
      }
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}
