/**
 * bench:flows, part 1: flow records per second one server (a child process, on a scratch
 * PostgreSQL database) stores with its rollups, from simulated gateways; then, in the same
 * database, the same number of the same rows inserted raw into one plain table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { enrich } from '../../packages/server/src/modules/traffic/enrich';
import { openCountryLookup } from '../../packages/server/src/modules/traffic/geoip';
import { rawRowOf } from '../../packages/server/src/modules/traffic/pg-store';
import { prepareDatabase, scratchPostgres } from '../live/prepare';
import { measureSenders, type SendersWindow } from '../support/ingest-run';
import { batchPool, FlowGateways, MINUTES_BACK, type PoolBatch } from './gateways';

export interface IngestOptions {
  adminUrl: string;
  tenants: number;
  gateways: number;
  inFlight: number;
  pool: number;
  peakBps: number;
  warmupS: number;
  measureS: number;
  /** Directory for the server's V8 CPU profile (--cpu-prof), or null. */
  cpuProfDir: string | null;
  log: (text: string) => void;
}

export interface IngestResult extends SendersWindow {
  gateways: number;
  recordsPerBatch: number;
  baselineRecords: number;
  baselinePerS: number;
}

const PASSWORD = 'bench-flows-password';

export async function runIngest(o: IngestOptions): Promise<IngestResult> {
  o.log(`ingest: generating ${o.pool} export intervals with the simulator's flowsFor…`);
  const pool = batchPool(o.pool, o.peakBps);
  const recordsPerBatch = pool.reduce((a, b) => a + b.records.length, 0) / pool.length;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-flows-'));
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_flows');
  try {
    const tenants = await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, o.tenants);
    const gateways = new FlowGateways(pool, o.inFlight);
    o.log(`ingest: ${o.inFlight} batches in flight per gateway, ~${recordsPerBatch.toFixed(0)} records each`);
    const window = await measureSenders({
      databaseUrl: scratch.url,
      dataDir,
      password: PASSWORD,
      tenants,
      senders: gateways,
      count: o.gateways,
      wave: 200,
      warmupS: o.warmupS,
      measureS: o.measureS,
      names: { senders: 'gateways', records: 'records' },
      log: o.log,
      nodeFlags: o.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`] : [],
    });
    const measured = { gateways: o.gateways, recordsPerBatch, ...window };
    const baselineRecords = Math.max(5_000, Math.round(measured.recordsPerS * o.measureS));
    o.log(`ingest: baseline, ${baselineRecords.toLocaleString('en')} of the same records inserted raw into one plain table…`);
    const baselinePerS = await rawInsert(scratch.url, pool, tenants[0]!.id, baselineRecords);
    return { ...measured, baselineRecords, baselinePerS };
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The baseline: `count` records of the pool, enriched as ingest does and moved back a minute per
 * batch as the gateways did, inserted into a plain table (flow_records' columns, no partitions,
 * no index) with json_to_recordset in 5,000-row statements from one connection, as insertRaw
 * writes them. Records per second, serialising the statements included.
 */
async function rawInsert(url: string, pool: PoolBatch[], tenantId: string, count: number): Promise<number> {
  const geo = await openCountryLookup();
  const source = { id: crypto.randomUUID(), enrolment: 1, tenantId, kind: 'gateway' as const, networkId: null, username: null, siteCountry: 'IN' };
  const rows: ReturnType<typeof rawRowOf>[] = [];
  for (let k = 0; rows.length < count; k++) {
    const batch = pool[k % pool.length]!;
    const shift = (k % MINUTES_BACK) * 60_000;
    for (const r of batch.source) {
      const moved = { ...r, start: new Date(Date.parse(r.start) - shift).toISOString(), end: new Date(Date.parse(r.end) - shift).toISOString() };
      rows.push(rawRowOf(enrich(moved, source, geo)));
      if (rows.length === count) break;
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create table bench_raw_flows (like flow_records)');
    const start = performance.now();
    for (let i = 0; i < rows.length; i += 5_000) {
      await client.query(
        `insert into bench_raw_flows (tenant_id, device_id, network_id, product, start_at, end_at, src_ip, src_port, dst_ip, dst_port, protocol,
          bytes_out, packets_out, bytes_in, packets_in, in_ifname, out_ifname, wan, dscp, application, site, user_name, src_country, dst_country,
          server_port, client_port)
        select * from json_to_recordset($1::json) as r(tenant_id uuid, device_id uuid, network_id uuid, product text,
          start_at timestamptz, end_at timestamptz, src_ip text, src_port int, dst_ip text, dst_port int, protocol smallint, bytes_out bigint,
          packets_out bigint, bytes_in bigint, packets_in bigint, in_ifname text, out_ifname text, wan text, dscp smallint, application text,
          site text, user_name text, src_country text, dst_country text, server_port text, client_port text)`,
        [JSON.stringify(rows.slice(i, i + 5_000))],
      );
    }
    return rows.length / ((performance.now() - start) / 1000);
  } finally {
    await client.end();
  }
}
