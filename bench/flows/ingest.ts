/**
 * bench:flows, part 1: flow records per second one server (a child process, on a scratch
 * PostgreSQL database) stores with its rollups, from simulated gateways; then, in the same
 * database, the same number of the same rows inserted raw into one plain table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AGENT_PATH } from '@netloom/domain';
import { enrich } from '../../packages/server/src/modules/traffic/enrich';
import { openCountryLookup } from '../../packages/server/src/modules/traffic/geoip';
import { rawRowOf } from '../../packages/server/src/modules/traffic/pg-store';
import { prepareDatabase, scratchPostgres } from '../live/prepare';
import { cpuSeconds, freePort, postgresCpuSeconds, postgresCpuSince, sleep, startChild, waitForPort } from '../live/proc';
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

export interface IngestResult {
  gateways: number;
  recordsPerBatch: number;
  recordsPerS: number;
  /** Acknowledged in the window, divided by the window (lumpy: a write acknowledges all its batches at once). */
  windowRecordsPerS: number;
  writes: number;
  writeSeconds: number;
  batchesPerS: number;
  busyPerS: number;
  busy: number;
  dropped: string | null;
  serverCpuPct: number;
  postgresCpuPct: number;
  benchCpuPct: number;
  baselineRecords: number;
  baselinePerS: number;
}

const PASSWORD = 'bench-flows-password';
const REPO = path.resolve(import.meta.dirname, '../..');

export async function runIngest(o: IngestOptions): Promise<IngestResult> {
  o.log(`ingest: generating ${o.pool} export intervals with the simulator's flowsFor…`);
  const pool = batchPool(o.pool, o.peakBps);
  const recordsPerBatch = pool.reduce((a, b) => a + b.records.length, 0) / pool.length;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-flows-'));
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_flows');
  try {
    const tenants = await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, o.tenants);
    const port = await freePort();
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
    const child = startChild(
      'server',
      ['--import', 'tsx', ...(o.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`] : [])],
      'packages/server/src/server.ts',
      {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        DEMO: '1',
        DEMO_FLEET: '0',
        DEMO_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        WS_PREAUTH_PER_ADDRESS: String(1000),
      },
      REPO,
    );
    const gateways = new FlowGateways(pool, o.inFlight);
    let measured: Omit<IngestResult, 'baselineRecords' | 'baselinePerS'>;
    try {
      await waitForPort(port, child, 120_000);
      o.log(`ingest: enrolling ${o.gateways} gateways in ${o.tenants} tenants…`);
      await gateways.enrol(`ws://127.0.0.1:${port}${AGENT_PATH}`, tenants, o.gateways, 200, Date.now().toString(36));
      gateways.start();
      o.log(
        `ingest: sending (${o.inFlight} batches in flight per gateway, ~${recordsPerBatch.toFixed(0)} records each); warm-up ${o.warmupS} s, then ${o.measureS} s measured…`,
      );
      const progress = setInterval(
        () => o.log(`ingest: ${gateways.ackedRecords.toLocaleString('en')} records acknowledged, ${gateways.busy} 'busy' so far`),
        5_000,
      );
      await sleep(o.warmupS * 1000);
      const start = {
        wall: performance.now(),
        cpu: cpuSeconds(child.pid),
        pg: postgresCpuSeconds(),
        bench: process.cpuUsage(),
        records: gateways.ackedRecords,
        batches: gateways.ackedBatches,
        busy: gateways.busy,
      };
      await sleep(o.measureS * 1000);
      const wallS = (performance.now() - start.wall) / 1000;
      clearInterval(progress);
      const bench = process.cpuUsage(start.bench);
      const aligned = gateways.rateBetween(start.wall, start.wall + wallS * 1000);
      const windowRecordsPerS = (gateways.ackedRecords - start.records) / wallS;
      measured = {
        gateways: gateways.size,
        recordsPerBatch,
        recordsPerS: Number.isFinite(aligned.perS) ? aligned.perS : windowRecordsPerS,
        windowRecordsPerS,
        writes: aligned.writes,
        writeSeconds: aligned.seconds,
        batchesPerS: (gateways.ackedBatches - start.batches) / wallS,
        busyPerS: (gateways.busy - start.busy) / wallS,
        busy: gateways.busy - start.busy,
        dropped: gateways.dropped ? `${gateways.dropped} sockets closed (last: ${gateways.lastDrop})` : null,
        serverCpuPct: ((cpuSeconds(child.pid) - start.cpu) / wallS) * 100,
        postgresCpuPct: (postgresCpuSince(start.pg) / wallS) * 100,
        benchCpuPct: ((bench.user + bench.system) / 1e6 / wallS) * 100,
      };
      if (gateways.duplicates) o.log(`ingest: ${gateways.duplicates} batches acknowledged as duplicates (not expected)`);
    } finally {
      gateways.stop();
      await child.stop(20_000);
    }
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
