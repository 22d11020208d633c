/**
 * bench:ndr, part 1a: the whole server. The Netloom server in a child process on a scratch
 * PostgreSQL database with its flow collector on (bench:collector's setup): `exporters` routers of
 * Acme, each with a loopback exporter address, send NetFlow v9 datagrams of the simulator's records
 * (bench:flows' pool) at an offered rate; the collector decodes them into the flow ingest, which
 * stores them with their rollups and hands each stored write's evidence to NDR's engine through its
 * tap, as every device's flows are. Sampled from the server's own /metrics every second: records
 * stored, and NDR's lag (the age of the oldest evidence waiting for the rules), queue and drops.
 */
import pg from 'pg';
import { UdpExporters } from '../collector/exporters';
import { claimRouters } from '../collector/collector-run';
import type { PoolBatch } from '../flows/gateways';
import { cpuSeconds, freePort, postgresCpuSeconds, postgresCpuSince, sleep, waitForPort } from '../live/proc';
import { startBenchServer } from '../support/ingest-run';

export interface ServerOptions {
  databaseUrl: string;
  dataDir: string;
  password: string;
  pool: PoolBatch[];
  exporters: number;
  offeredPerS: number;
  warmupS: number;
  measureS: number;
  log: (text: string) => void;
}

export interface ServerResult {
  offeredPerS: number;
  storedPerS: number;
  /** Decoded by the collector but refused by ingest (queue full), and sent but never decoded (socket buffer full). */
  refusedByIngest: number;
  lostBeforeDecoding: number;
  /** netloom_ndr_lag_seconds and netloom_ndr_queued_records, sampled every second in the window. */
  lagSamples: number[];
  queuedSamples: number[];
  ndrDropped: number;
  /** From the offer's end until NDR's queue was empty (s), or null if it was not within the wait. */
  drainS: number | null;
  detections: { severity: string; count: number }[];
  serverCpuPct: number;
  postgresCpuPct: number;
}

async function metrics(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Object.fromEntries([...text.matchAll(/^(netloom_(?:flow|ndr)_\w+) ([-+0-9.eE]+)$/gm)].map((m) => [m[1]!, Number(m[2])]));
}

export async function runServer(o: ServerOptions): Promise<ServerResult> {
  const port = await freePort();
  const collectorPort = await freePort();
  const child = startBenchServer(o, port, { FLOW_COLLECTOR_PORT: String(collectorPort), FLOW_COLLECTOR_HOST: '127.0.0.1' });
  const exporters = new UdpExporters(o.pool, o.exporters);
  try {
    await waitForPort(port, child, 120_000);
    o.log(`server: ${o.exporters} routers claimed in Acme, each with its exporter address…`);
    await claimRouters(port, o.password, o.exporters);
    await exporters.open();
    exporters.start(collectorPort, o.offeredPerS);
    o.log(`server: offering ${o.offeredPerS.toLocaleString('en')} records/s; warm-up ${o.warmupS} s, then ${o.measureS} s measured…`);
    await sleep(o.warmupS * 1000);
    const start = { wall: performance.now(), cpu: cpuSeconds(child.pid), pg: postgresCpuSeconds(), m: await metrics(port), sent: exporters.sentRecords };
    const lagSamples: number[] = [];
    const queuedSamples: number[] = [];
    for (let s = 1; s <= o.measureS; s++) {
      await sleep(start.wall + s * 1000 - performance.now());
      const m = await metrics(port);
      lagSamples.push(m.netloom_ndr_lag_seconds ?? NaN);
      queuedSamples.push(m.netloom_ndr_queued_records ?? NaN);
      if (s % 10 === 0)
        o.log(
          `server: ${s} s, NDR lag ${(m.netloom_ndr_lag_seconds ?? NaN).toFixed(1)} s, ${(m.netloom_ndr_queued_records ?? 0).toLocaleString('en')} records waiting`,
        );
    }
    const end = await metrics(port);
    const wallS = (performance.now() - start.wall) / 1000;
    const serverCpuPct = ((cpuSeconds(child.pid) - start.cpu) / wallS) * 100;
    const postgresCpuPct = (postgresCpuSince(start.pg) / wallS) * 100;
    const sent = exporters.sentRecords - start.sent;
    exporters.stop();
    const delta = (name: string) => (end[name] ?? 0) - (start.m[name] ?? 0);
    // What was waiting when the offer stopped: how long the rules take to catch up.
    const stoppedAt = performance.now();
    let drainS: number | null = null;
    while (performance.now() - stoppedAt < 120_000) {
      const m = await metrics(port);
      if ((m.netloom_ndr_queued_records ?? 0) === 0 && (m.netloom_flow_records_queued ?? 0) === 0) {
        drainS = (performance.now() - stoppedAt) / 1000;
        break;
      }
      await sleep(250);
    }
    const client = new pg.Client({ connectionString: o.databaseUrl });
    await client.connect();
    let detections: { severity: string; count: number }[];
    try {
      detections = (
        await client.query<{ severity: string; count: number }>(
          'select severity, count(*)::int as count from ndr_detections group by severity order by severity',
        )
      ).rows;
    } finally {
      await client.end();
    }
    return {
      offeredPerS: sent / wallS,
      storedPerS: delta('netloom_flow_records_stored_total') / wallS,
      refusedByIngest: delta('netloom_flow_collector_records_dropped_total'),
      lostBeforeDecoding: Math.max(0, sent - delta('netloom_flow_collector_records_total')),
      lagSamples,
      queuedSamples,
      ndrDropped: (end.netloom_ndr_records_dropped_total ?? 0) - (start.m.netloom_ndr_records_dropped_total ?? 0),
      drainS,
      detections,
      serverCpuPct,
      postgresCpuPct,
    };
  } finally {
    exporters.stop();
    await child.stop(20_000);
  }
}
