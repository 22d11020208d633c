/**
 * One ingest measurement for bench:flows and bench:webfilter: the Netloom server in a child
 * process on a scratch PostgreSQL database, the senders enrolled and sending, a warm-up, then a
 * window in which acknowledged records, write cycles, 'busy' answers and the CPU of the server,
 * PostgreSQL and the bench itself are measured.
 */
import path from 'node:path';
import { AGENT_PATH } from '@netloom/domain';
import type { BenchTenant } from '../live/fleet';
import { cpuSeconds, freePort, postgresCpuSeconds, postgresCpuSince, sleep, startChild, waitForPort } from '../live/proc';
import type { BatchSenders } from './batch-senders';

const REPO = path.resolve(import.meta.dirname, '../..');

export interface SendersWindow {
  recordsPerS: number;
  /** Records per second over the whole window (write cycles cut at its ends included). */
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
}

export interface SendersRun {
  databaseUrl: string;
  dataDir: string;
  password: string;
  tenants: BenchTenant[];
  senders: BatchSenders;
  count: number;
  /** Devices enrolled at once. */
  wave: number;
  warmupS: number;
  measureS: number;
  /** What the log calls the senders and their records ('gateways', 'records'). */
  names: { senders: string; records: string };
  log: (line: string) => void;
  /** Extra node flags for the server (a CPU profile). */
  nodeFlags?: string[];
}

/**
 * The server as an ingest benchmark runs it: a child of its own on loopback, the demo organisations
 * seeded (no demo fleet), on the run's database; `env` adds what the benchmark needs of it.
 */
export function startBenchServer(
  o: { dataDir: string; databaseUrl: string; password: string; nodeFlags?: string[] },
  port: number,
  env: Record<string, string>,
) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  return startChild(
    'server',
    ['--import', 'tsx', ...(o.nodeFlags ?? [])],
    'packages/server/src/server.ts',
    {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl,
      DEMO: '1',
      DEMO_FLEET: '0',
      DEMO_PASSWORD: o.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    REPO,
  );
}

export async function measureSenders(o: SendersRun): Promise<SendersWindow> {
  const port = await freePort();
  const child = startBenchServer(o, port, { WS_PREAUTH_PER_ADDRESS: String(1000) });
  const s = o.senders;
  try {
    await waitForPort(port, child, 120_000);
    o.log(`ingest: enrolling ${o.count} ${o.names.senders} in ${o.tenants.length} tenants…`);
    await s.enrol(`ws://127.0.0.1:${port}${AGENT_PATH}`, o.tenants, o.count, o.wave, Date.now().toString(36));
    s.start();
    o.log(`ingest: sending; warm-up ${o.warmupS} s, then ${o.measureS} s measured…`);
    const progress = setInterval(() => o.log(`ingest: ${s.ackedRecords.toLocaleString('en')} ${o.names.records} acknowledged, ${s.busy} 'busy' so far`), 5_000);
    await sleep(o.warmupS * 1000);
    const start = {
      wall: performance.now(),
      cpu: cpuSeconds(child.pid),
      pg: postgresCpuSeconds(),
      bench: process.cpuUsage(),
      records: s.ackedRecords,
      batches: s.ackedBatches,
      busy: s.busy,
    };
    await sleep(o.measureS * 1000);
    const wallS = (performance.now() - start.wall) / 1000;
    clearInterval(progress);
    const bench = process.cpuUsage(start.bench);
    const aligned = s.rateBetween(start.wall, start.wall + wallS * 1000);
    const windowRecordsPerS = (s.ackedRecords - start.records) / wallS;
    if (s.duplicates) o.log(`ingest: ${s.duplicates} batches acknowledged as duplicates (not expected)`);
    return {
      recordsPerS: Number.isFinite(aligned.perS) ? aligned.perS : windowRecordsPerS,
      windowRecordsPerS,
      writes: aligned.writes,
      writeSeconds: aligned.seconds,
      batchesPerS: (s.ackedBatches - start.batches) / wallS,
      busyPerS: (s.busy - start.busy) / wallS,
      busy: s.busy - start.busy,
      dropped: s.dropped ? `${s.dropped} sockets closed (last: ${s.lastDrop})` : null,
      serverCpuPct: ((cpuSeconds(child.pid) - start.cpu) / wallS) * 100,
      postgresCpuPct: (postgresCpuSince(start.pg) / wallS) * 100,
      benchCpuPct: ((bench.user + bench.system) / 1e6 / wallS) * 100,
    };
  } finally {
    s.stop();
    await child.stop(20_000);
  }
}
