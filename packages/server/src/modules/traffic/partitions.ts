import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The store's partitioned tables and the width of their partitions. Raw rows and minute rollups
 * go by the day (their retention is days: dropping a day drops a partition), hour rollups by the
 * week (kept for months). Day rollups are small and kept for good: one table, no partitions.
 */
const PARTITIONED = {
  flow_records: 86_400_000,
  flow_rollup_minute: 86_400_000,
  flow_rollup_hour: 7 * 86_400_000,
  url_events: 86_400_000,
  ztna_sessions: 86_400_000,
  waf_requests: 86_400_000,
  waf_attacks: 86_400_000,
  rum_page_views: 86_400_000,
  rum_vitals: 86_400_000,
  rum_errors: 86_400_000,
  rum_page_rollup_minute: 86_400_000,
  rum_page_rollup_hour: 7 * 86_400_000,
  rum_vital_rollup_minute: 86_400_000,
  rum_vital_rollup_hour: 7 * 86_400_000,
  rum_page_dims_minute: 86_400_000,
  rum_page_dims_hour: 7 * 86_400_000,
  rum_vital_dims_minute: 86_400_000,
  rum_vital_dims_hour: 7 * 86_400_000,
  dem_results: 86_400_000,
  dem_rollup_minute: 86_400_000,
  dem_rollup_hour: 7 * 86_400_000,
  dns_queries: 86_400_000,
  ids_alerts: 86_400_000,
} as const;
export type PartitionedTable = keyof typeof PARTITIONED;

const DUPLICATE = new Set(['42P07', '23505']);

/** Partitions start at multiples of their width since the epoch (UTC). */
export const partitionStart = (table: PartitionedTable, at: Date): number => Math.floor(at.getTime() / PARTITIONED[table]) * PARTITIONED[table];

/** 'flow_records_p20261125': the start's UTC date, which the retention sweep reads back. */
export const partitionName = (table: PartitionedTable, start: number): string => `${table}_p${new Date(start).toISOString().slice(0, 10).replaceAll('-', '')}`;

function startOfPartition(table: PartitionedTable, name: string): number | null {
  const m = new RegExp(`^${table}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

const errorCode = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};

/**
 * Makes sure the partitions that rows at these times go to exist. Created outside the writing
 * transaction: two instances creating the same partition at once is harmless (one gets a duplicate
 * error, and the partition is there). Remembers what it made, so a steady flow asks nothing.
 */
export class PartitionKeeper {
  private readonly known = new Set<string>();

  constructor(private readonly db: Db) {}

  async ensure(table: PartitionedTable, times: Iterable<Date>): Promise<void> {
    const starts = new Set<number>();
    for (const t of times) starts.add(partitionStart(table, t));
    for (const start of starts) {
      const name = partitionName(table, start);
      if (this.known.has(name)) continue;
      const end = start + PARTITIONED[table];
      try {
        await this.db.execute(
          sql.raw(
            `create table if not exists "${name}" partition of "${table}" for values from ('${new Date(start).toISOString()}') to ('${new Date(end).toISOString()}')`,
          ),
        );
      } catch (err) {
        if (!DUPLICATE.has(errorCode(err) ?? '')) throw err;
      }
      this.known.add(name);
    }
  }

  /** Drops the table's partitions that end at or before `before`; returns how many. */
  async dropBefore(table: PartitionedTable, before: Date): Promise<number> {
    const listed = (await this.db.execute(sql`
      select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname = ${table}`)) as unknown as { rows: { name: string }[] };
    let dropped = 0;
    for (const { name } of listed.rows) {
      const start = startOfPartition(table, name);
      if (start === null || start + PARTITIONED[table] > before.getTime()) continue;
      await this.db.execute(sql.raw(`drop table if exists "${name}"`));
      this.known.delete(name);
      dropped++;
    }
    return dropped;
  }
}
