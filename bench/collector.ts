/**
 * bench:collector — the NetFlow v9 / IPFIX collector (issue 34, Figures): flow records per second
 * a server stores from routers' UDP export, beside the internal batch protocol (`flows` messages
 * over the agent websocket) measured in the same run on the same kind of scratch database.
 *
 * 1. Decoding alone, in this process: the datagrams softflowd exported (captured in the collector's
 *    test fixtures, v9 and IPFIX) and a 24-record v9 datagram in softflowd's layout, decoded over
 *    and over with their templates kept: records per second on one core.
 * 2. Collector: the server in a child process with FLOW_COLLECTOR_PORT, BENCH_EXPORTERS routers
 *    (devices of Acme with loopback exporter addresses 127.0.1.x) sending v9 datagrams of 24 of the
 *    simulator's records (the same pool as bench:flows) at BENCH_OFFERED records/s; stored
 *    records/s from the server's /metrics over BENCH_SECONDS after BENCH_WARMUP_SECONDS, and what
 *    was dropped (ingest refusing under load, or the kernel's buffer).
 * 3. Baseline: bench:flows' ingest, BENCH_GATEWAYS simulated gateways on the agent websocket
 *    sending the same pool as `flows` batches, as fast as acknowledged.
 *
 * Exit code 0 whatever the figures. Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test),
 * BENCH_EXPORTERS (50), BENCH_OFFERED (12,000), BENCH_GATEWAYS (200), BENCH_SECONDS (30),
 * BENCH_WARMUP_SECONDS (10), BENCH_DECODE_RECORDS (2,000,000).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { FlowDecoder } from '../packages/server/src/modules/traffic/collector/decoder';
import { v9Datagram } from '../packages/server/src/modules/traffic/collector/test-datagrams';
import { measureCollector } from './collector/collector-run';
import { batchPool, FlowGateways } from './flows/gateways';
import { prepareDatabase, scratchPostgres } from './live/prepare';
import { killAllChildren } from './live/proc';
import { measureSenders } from './support/ingest-run';

const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const ADMIN_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-collector-password';
const SECONDS = num('BENCH_SECONDS', 30);
const WARMUP = num('BENCH_WARMUP_SECONDS', 10);

process.on('exit', () => killAllChildren());
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const load = () => loadavg()[0]!.toFixed(2);
const n0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

log(`bench:collector on ${cpus().length} cores, load average ${load()}; PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}`);
const startLoad = load();

/** Decoding only: records per second of each datagram kind, templates kept as a collector keeps them. */
function decodeRate(datagram: Buffer, records: number): { perS: number; perDatagram: number } {
  const decoder = new FlowDecoder();
  const perDatagram = decoder.decode('10.0.0.1', datagram).records.length;
  const rounds = Math.ceil(records / perDatagram);
  const start = performance.now();
  for (let i = 0; i < rounds; i++) decoder.decode('10.0.0.1', datagram);
  return { perS: (rounds * perDatagram) / ((performance.now() - start) / 1000), perDatagram };
}
const captured = JSON.parse(
  readFileSync(new URL('../packages/server/src/modules/traffic/collector/fixtures/softflowd-datagrams.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const pool = batchPool(240, 1.5e6);
const now = Date.now();
const built = v9Datagram(
  pool[0]!.source.slice(0, 24).map((r) => ({
    src: r.src_ip,
    dst: r.dst_ip,
    srcPort: r.src_port,
    dstPort: r.dst_port,
    protocol: r.protocol,
    bytes: r.src_bytes,
    packets: r.src_packets,
    start: now - 30_000,
    end: now,
  })),
  { exportMs: now },
);
const decodeRecords = num('BENCH_DECODE_RECORDS', 2_000_000);
const decoding = [
  { name: 'softflowd v9 (template + 2 records)', ...decodeRate(Buffer.from(captured.v9!, 'hex'), decodeRecords / 4) },
  { name: 'softflowd IPFIX (templates, options + 2 records)', ...decodeRate(Buffer.from(captured.ipfix!, 'hex'), decodeRecords / 4) },
  { name: 'v9, softflowd layout, 24 records', ...decodeRate(built, decodeRecords) },
];
log('decoding measured');

async function onScratch<T>(name: string, run: (url: string, dataDir: string, tenants: Awaited<ReturnType<typeof prepareDatabase>>) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `netloom-bench-${name}-`));
  const scratch = await scratchPostgres(ADMIN_URL, `netloom_bench_${name}`);
  try {
    const tenants = await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, 5);
    return await run(scratch.url, dataDir, tenants);
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const collector = await onScratch('collector', (url, dataDir) =>
  measureCollector({
    databaseUrl: url,
    dataDir,
    password: PASSWORD,
    pool,
    exporters: num('BENCH_EXPORTERS', 50),
    offeredPerS: num('BENCH_OFFERED', 12_000),
    warmupS: WARMUP,
    measureS: SECONDS,
    log,
  }),
);
const midLoad = load();
const gateways = num('BENCH_GATEWAYS', 200);
const baseline = await onScratch('collector_baseline', (url, dataDir, tenants) =>
  measureSenders({
    databaseUrl: url,
    dataDir,
    password: PASSWORD,
    tenants,
    senders: new FlowGateways(pool, 2),
    count: gateways,
    wave: 200,
    warmupS: WARMUP,
    measureS: SECONDS,
    names: { senders: 'gateways', records: 'records' },
    log,
  }),
);

console.log(`\nbench:collector — ${cpus().length} cores, load average ${startLoad} at start, ${midLoad} between the parts, ${load()} at the end`);
console.log('\nDecoding alone (one core, templates kept)');
for (const d of decoding) console.log(`  ${d.name.padEnd(48)} ${n0(d.perS).padStart(11)} records/s`);
console.log(`\nCollector (PostgreSQL, ${num('BENCH_EXPORTERS', 50)} routers sending NetFlow v9 over UDP, 24 records a datagram, ${SECONDS} s measured)`);
console.log(
  `  stored with rollups     ${n0(collector.storedPerS).padStart(9)} records/s  (offered ${n0(collector.offeredPerS)}/s, decoded ${n0(collector.decodedPerS)}/s)`,
);
console.log(
  `                          dropped: ${n0(collector.droppedByIngest)} refused by ingest under load, ~${n0(collector.lostBeforeDecoding)} never read (kernel buffer)`,
);
console.log(`                          CPU: server ${f1(collector.serverCpuPct)} %, PostgreSQL ${f1(collector.postgresCpuPct)} % (of one core)`);
console.log(`\nBaseline: flows batches over the agent websocket (${gateways} gateways, 2 in flight each, ${SECONDS} s measured)`);
console.log(
  `  stored with rollups     ${n0(baseline.recordsPerS).padStart(9)} records/s  (${n0(baseline.windowRecordsPerS)}/s over the whole window; 'busy' ${f1(baseline.busyPerS)}/s)`,
);
console.log(`                          CPU: server ${f1(baseline.serverCpuPct)} %, PostgreSQL ${f1(baseline.postgresCpuPct)} %`);
console.log(`\n  collector / batch protocol: ${(collector.storedPerS / baseline.recordsPerS).toFixed(2)}×`);
process.exit(0);
