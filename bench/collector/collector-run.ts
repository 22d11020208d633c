/**
 * bench:collector's collector part: the Netloom server in a child process on a scratch PostgreSQL
 * database with its flow collector on, `exporters` devices of Acme each given a loopback exporter
 * address, and UDP exporters sending v9 datagrams at an offered rate. Measured over the window from
 * the server's own /metrics: records stored per second (with the rollups), and what was dropped.
 */
import { cpuSeconds, freePort, postgresCpuSeconds, postgresCpuSince, sleep, waitForPort } from '../live/proc';
import { startBenchServer } from '../support/ingest-run';
import type { PoolBatch } from '../flows/gateways';
import { exporterAddress, UdpExporters } from './exporters';

export interface CollectorRun {
  databaseUrl: string;
  dataDir: string;
  password: string;
  pool: PoolBatch[];
  exporters: number;
  offeredPerS: number;
  warmupS: number;
  measureS: number;
  log: (line: string) => void;
}

export interface CollectorWindow {
  storedPerS: number;
  offeredPerS: number;
  decodedPerS: number;
  /** Records decoded but refused by ingest (queue full), and records sent that no socket read (kernel buffer full). */
  droppedByIngest: number;
  lostBeforeDecoding: number;
  serverCpuPct: number;
  postgresCpuPct: number;
}

async function metrics(port: number): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Object.fromEntries([...text.matchAll(/^(netloom_flow_\w+) (\d+(?:\.\d+)?)/gm)].map((m) => [m[1]!, Number(m[2])]));
}

async function call(port: number, token: string | null, method: string, url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Acme's owner claims `count` routers, each with the address its simulated exporter sends from. */
export async function claimRouters(port: number, password: string, count: number): Promise<void> {
  const token = String((await call(port, null, 'POST', 'auth/login/', { username: 'owner@acme.test', password })).access);
  for (let i = 0; i < count; i++) {
    const device = await call(port, token, 'POST', 'device/claim/', { serial: `BENCH-ROUTER-${i}`, name: `router-${i}`, kind: 'gateway' });
    await call(port, token, 'PUT', `netflow/exporter/${String(device.id)}/`, { address: exporterAddress(i) });
  }
}

export async function measureCollector(o: CollectorRun): Promise<CollectorWindow> {
  const port = await freePort();
  const collectorPort = await freePort();
  const child = startBenchServer(o, port, { FLOW_COLLECTOR_PORT: String(collectorPort), FLOW_COLLECTOR_HOST: '127.0.0.1' });
  const exporters = new UdpExporters(o.pool, o.exporters);
  try {
    await waitForPort(port, child, 120_000);
    o.log(`collector: ${o.exporters} routers claimed in Acme, each with its exporter address…`);
    await claimRouters(port, o.password, o.exporters);
    await exporters.open();
    exporters.start(collectorPort, o.offeredPerS);
    o.log(`collector: offering ${o.offeredPerS.toLocaleString('en')} records/s; warm-up ${o.warmupS} s, then ${o.measureS} s measured…`);
    await sleep(o.warmupS * 1000);
    const start = { wall: performance.now(), cpu: cpuSeconds(child.pid), pg: postgresCpuSeconds(), m: await metrics(port), sent: exporters.sentRecords };
    await sleep(o.measureS * 1000);
    const end = await metrics(port);
    const wallS = (performance.now() - start.wall) / 1000;
    const delta = (name: string) => (end[name] ?? 0) - (start.m[name] ?? 0);
    const sent = exporters.sentRecords - start.sent;
    return {
      storedPerS: delta('netloom_flow_records_stored_total') / wallS,
      offeredPerS: sent / wallS,
      decodedPerS: delta('netloom_flow_collector_records_total') / wallS,
      droppedByIngest: delta('netloom_flow_collector_records_dropped_total'),
      lostBeforeDecoding: Math.max(0, sent - delta('netloom_flow_collector_records_total')),
      serverCpuPct: ((cpuSeconds(child.pid) - start.cpu) / wallS) * 100,
      postgresCpuPct: (postgresCpuSince(start.pg) / wallS) * 100,
    };
  } finally {
    exporters.stop();
    await child.stop(20_000);
  }
}
