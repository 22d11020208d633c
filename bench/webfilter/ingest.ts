/**
 * bench:webfilter, URL-event ingest: events per second one server (a child process, on a scratch
 * PostgreSQL database) stores with their rollups, from simulated gateways and endpoints sending
 * url_events batches through the same FlowIngest as flows; then, in the same database, the same
 * number of the same rows inserted raw, as bench:flows' ingest part does (flows/ingest.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FlowSource } from '../../packages/server/src/modules/traffic/enrich';
import { partitionName, partitionStart } from '../../packages/server/src/modules/traffic/partitions';
import { urlEventToStore, urlRawRowOf } from '../../packages/server/src/modules/traffic/url-events';
import { prepareDatabase, scratchPostgres } from '../live/prepare';
import { measureSenders, type SendersWindow } from '../support/ingest-run';
import { movedEvent, type UrlPoolBatch } from './url-batches';
import { batchFor, minutesBackFor, UrlDevices } from './url-devices';

export interface IngestOptions {
  adminUrl: string;
  tenants: number;
  devices: number;
  inFlight: number;
  pool: UrlPoolBatch[];
  warmupS: number;
  measureS: number;
  log: (text: string) => void;
}

export interface IngestResult extends SendersWindow {
  devices: number;
  endpoints: number;
  recordsPerBatch: number;
  baselineRecords: number;
  /** Into one plain table (url_events' columns, no partitions, no index), as bench:flows' baseline. */
  baselinePerS: number;
  /** Into url_events itself (its day partitions and two indexes), still without rollups. */
  baselineTablePerS: number;
}

const PASSWORD = 'bench-webfilter-password';
const STATEMENT_ROWS = 5_000;

export async function runIngest(o: IngestOptions): Promise<IngestResult> {
  const recordsPerBatch = o.pool.reduce((a, b) => a + b.events.length, 0) / o.pool.length;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-webfilter-'));
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_webfilter');
  try {
    const tenants = await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, o.tenants);
    const devices = new UrlDevices(o.pool, o.inFlight);
    o.log(`ingest: ${o.inFlight} batches in flight per device, ~${recordsPerBatch.toFixed(0)} events each`);
    const window = await measureSenders({
      databaseUrl: scratch.url,
      dataDir,
      password: PASSWORD,
      tenants,
      senders: devices,
      count: o.devices,
      wave: 100,
      warmupS: o.warmupS,
      measureS: o.measureS,
      names: { senders: 'devices', records: 'events' },
      log: o.log,
    });
    const endpoints = Array.from({ length: o.devices }, (_, i) => devices.kindOf(i)).filter((k) => k === 'endpoint').length;
    const measured = { devices: o.devices, endpoints, recordsPerBatch, ...window };
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const baselineRecords = Math.max(STATEMENT_ROWS, Math.round(measured.recordsPerS * o.measureS));
      o.log(`ingest: baselines, ${baselineRecords.toLocaleString('en')} of the same events inserted raw into a plain table, then into url_events…`);
      const rows = rawRows(devices, o.devices, tenants[0]!.id, baselineRecords);
      await client.query('create table bench_raw_url_events (like url_events)');
      await ensurePartitions(client, rows);
      const [baselinePerS, baselineTablePerS] = await rawInserts(client, ['bench_raw_url_events', 'url_events'], rows);
      return { ...measured, baselineRecords, baselinePerS: baselinePerS!, baselineTablePerS: baselineTablePerS! };
    } finally {
      await client.end();
    }
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `count` events as the devices sent them (device i's k-th batch, moved k minutes back, in turn
 * over the devices), as url_events rows (urlEventToStore, urlRawRowOf: what ingest writes), for
 * tenant `tenantId` as if from one device of each kind.
 */
function rawRows(devices: UrlDevices, deviceCount: number, tenantId: string, count: number): ReturnType<typeof urlRawRowOf>[] {
  const source = (kind: FlowSource['kind']): FlowSource => ({
    id: crypto.randomUUID(),
    enrolment: 1,
    tenantId,
    kind,
    networkId: null,
    username: null,
    siteCountry: null,
  });
  const sources = { gateway: source('gateway'), endpoint: source('endpoint') };
  const rows: ReturnType<typeof urlRawRowOf>[] = [];
  for (let k = 0; rows.length < count; k++) {
    const index = k % deviceCount;
    const sent = Math.floor(k / deviceCount);
    const batch = batchFor(devices.batchesOf(index), index, sent);
    const at = devices.startedAt - minutesBackFor(index, sent) * 60_000;
    for (let n = 0; n < batch.events.length && rows.length < count; n++) {
      rows.push(urlRawRowOf(urlEventToStore(movedEvent(batch, n, at), sources[batch.kind], k + 2, n)));
    }
  }
  return rows;
}

/** The day partitions the rows go to, made before the clock starts (ingest makes them outside its write too). */
async function ensurePartitions(client: pg.Client, rows: { at: string }[]): Promise<void> {
  const starts = new Set(rows.map((r) => partitionStart('url_events', new Date(r.at))));
  for (const start of starts) {
    await client.query(
      `create table if not exists "${partitionName('url_events', start)}" partition of url_events
       for values from ('${new Date(start).toISOString()}') to ('${new Date(start + 86_400_000).toISOString()}')`,
    );
  }
}

/**
 * The rows inserted into each table with json_to_recordset in 5,000-row statements from one
 * connection, as pg-store's storeUrlEvents writes them (without its rollups); the tables take
 * turns statement by statement, so that both see the same machine (it is shared). Events per
 * second for each, serialising the statements included.
 */
async function rawInserts(client: pg.Client, tables: string[], rows: ReturnType<typeof urlRawRowOf>[]): Promise<number[]> {
  const spent = tables.map(() => 0);
  for (let i = 0; i < rows.length; i += STATEMENT_ROWS) {
    for (const [t, table] of tables.entries()) {
      const start = performance.now();
      await client.query(
        `insert into ${table} (tenant_id, device_id, network_id, product, at, seq, n, user_name, client_ip, method, scheme, host, domain, path,
          status, bytes, elapsed_ms, content_type, category, application, action, rule, policy_id, policy_name, matched, via)
        select * from json_to_recordset($1::json) as r(tenant_id uuid, device_id uuid, network_id uuid, product text,
          at timestamptz, seq bigint, n int, user_name text, client_ip text, method text, scheme text, host text, domain text, path text,
          status smallint, bytes bigint, elapsed_ms int, content_type text, category text, application text, action text, rule text,
          policy_id uuid, policy_name text, matched text, via text)`,
        [JSON.stringify(rows.slice(i, i + STATEMENT_ROWS))],
      );
      spent[t]! += performance.now() - start;
    }
  }
  return spent.map((ms) => rows.length / (ms / 1000));
}
