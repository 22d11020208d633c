import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { demRowOf } from './dem-results';
import type { DemResultToStore } from './store';

const RAW_COLUMNS = `tenant_id uuid, device_id uuid, application_id uuid, test_id text, kind text, at timestamptz, seq bigint, n int, ok boolean,
  status smallint, error text, dns_ms real, connect_ms real, tls_ms real, ttfb_ms real, total_ms real, latency_ms real, loss real, hops smallint,
  path text, relay text, network_kind text, network text, wifi_signal_dbm real, cpu_pct real, memory_pct real, user_name text, location text,
  score real, worst_component text, cause text`;

const RAW_NAMES = RAW_COLUMNS.split(',')
  .map((c) => c.trim().split(/\s+/)[0])
  .join(', ');

/** The measured components the rollups sum, with the raw column each comes from. */
export const DEM_ROLLUP_MEASURES = {
  dns: 'dns_ms',
  connect: 'connect_ms',
  tls: 'tls_ms',
  ttfb: 'ttfb_ms',
  total: 'total_ms',
  latency: 'latency_ms',
  loss: 'loss',
  wifi: 'wifi_signal_dbm',
  cpu: 'cpu_pct',
  memory: 'memory_pct',
} as const;

export const DEM_ROLLUP_TABLE = { minute: 'dem_rollup_minute', hour: 'dem_rollup_hour', day: 'dem_rollup_day' } as const;

const measureColumns = Object.keys(DEM_ROLLUP_MEASURES).flatMap((k) => [`${k}_sum`, `${k}_n`]);
const measureSums = Object.values(DEM_ROLLUP_MEASURES)
  .map((c) => `coalesce(sum(${c}), 0), count(${c})`)
  .join(', ');
const measureAdds = measureColumns.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');

/**
 * Stores DEM results in the ingest's transaction: the raw rows, and the minute, hour and day
 * rollups summed from them by application, device, user, network and location. Groups are sorted
 * by key, so two instances adding to the same rollup rows take their locks in one order.
 */
export async function storeDemResults(db: Db, results: DemResultToStore[]): Promise<void> {
  for (let i = 0; i < results.length; i += 2_000) {
    const json = JSON.stringify(results.slice(i, i + 2_000).map(demRowOf));
    await db.execute(sql`insert into dem_results (${sql.raw(RAW_NAMES)}) select * from json_to_recordset(${json}::json) as r(${sql.raw(RAW_COLUMNS)})`);
    for (const [level, table] of Object.entries(DEM_ROLLUP_TABLE)) {
      await db.execute(sql`
        insert into ${sql.raw(table)} as t (tenant_id, application_id, device_id, user_name, network_kind, network, location, bucket,
          samples, ok, score_sum, ${sql.raw(measureColumns.join(', '))})
        select tenant_id, application_id, device_id, coalesce(user_name, ''), min(network_kind), network, coalesce(location, ''),
          date_trunc(${level}, at, 'UTC'), count(*), count(*) filter (where ok), sum(score), ${sql.raw(measureSums)}
        from json_to_recordset(${json}::json) as r(${sql.raw(RAW_COLUMNS)})
        group by 1, 2, 3, 4, 6, 7, 8 order by 1, 2, 8, 3, 4, 6, 7
        on conflict (tenant_id, application_id, bucket, device_id, user_name, network, location) do update set
          samples = t.samples + excluded.samples, ok = t.ok + excluded.ok, score_sum = t.score_sum + excluded.score_sum, ${sql.raw(measureAdds)}`);
    }
  }
}
