/**
 * bench:rum, part 1: beacons per second one server (a child process on a scratch PostgreSQL
 * database) takes through its real HTTP ingest, every acknowledged one counted back from the tables;
 * the baseline is the same server and load against a site sampled at 0 (parsed, checked, answered
 * 204, nothing written): what HTTP and the beacon's parsing cost without the store.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startChild, waitForPort, cpuSeconds } from '../live/proc';
import { prepareDatabase, scratchPostgres } from '../live/prepare';

export interface IngestOptions {
  adminUrl: string;
  connections: number;
  seconds: number;
  log: (text: string) => void;
}

export interface IngestRun {
  acknowledged: number;
  refused: number;
  perS: number;
  p99Ms: number;
  stored: number;
  serverCpuS: number;
}

export interface IngestResult {
  store: IngestRun;
  baseline: IngestRun;
}

const PASSWORD = 'bench-rum-password';
const ORIGIN = 'https://shop.bench.test';
const REPO = path.resolve(import.meta.dirname, '../..');
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

/** A page load as the SDK sends it: one view, five vitals (about 900 bytes). */
function beacon(i: number): string {
  const at = Date.now();
  const sid = `bench${i.toString(36).padStart(8, '0')}`;
  return JSON.stringify({
    v: 1,
    sid,
    pid: `${sid}p`,
    url: `${ORIGIN}/products/${i % 50}`,
    events: [
      { t: 'view', at, nav: { type: 'navigate', dns: 10, connect: 20, tls: 25, ttfb: 150 + (i % 300), load: 1200 } },
      { t: 'vital', at, name: 'TTFB', value: 150 + (i % 300) },
      { t: 'vital', at, name: 'FCP', value: 800 + (i % 900) },
      {
        t: 'vital',
        at,
        name: 'LCP',
        value: 1200 + ((i * 37) % 3000),
        attribution: { target: 'img.hero', url: `${ORIGIN}/hero.jpg`, phases: { ttfb: 150, resourceLoadDuration: 600 } },
      },
      { t: 'vital', at, name: 'CLS', value: (i % 30) / 100 },
      { t: 'vital', at, name: 'INP', value: 80 + (i % 400), attribution: { target: 'button.buy', interaction_type: 'pointer' } },
    ],
  });
}

type Cannon = (o: {
  url: string;
  connections: number;
  duration: number;
  requests: { method: string; path: string; headers: Record<string, string>; setupRequest: (r: { body?: string }) => { body?: string } }[];
}) => Promise<{ latency: { p99: number }; '2xx': number; non2xx: number; errors: number }>;

export async function runIngest(o: IngestOptions): Promise<IngestResult> {
  const scratch = await scratchPostgres(o.adminUrl, 'netloom_bench_rum');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'netloom-bench-rum-'));
  const client = new pg.Client({ connectionString: scratch.url });
  try {
    const [tenant] = await prepareDatabase({ kind: 'postgres', url: scratch.url }, PASSWORD, 1);
    await client.connect();
    const site = async (name: string, key: string, sample: number) => {
      const id = crypto.randomUUID();
      await client.query(
        `insert into rum_sites (id, tenant_id, name, kind, origins, sample_rate, honour_dnt, public_key) values ($1, $2, $3, 'website', $4, $5, false, $6)`,
        [id, tenant!.id, name, [ORIGIN], sample, key],
      );
      return { id, key };
    };
    const stored = await site('Bench shop', 'nlr_benchbenchbenchbenchbenc', 1);
    const unsampled = await site('Bench baseline', 'nlr_basebasebasebasebasebase', 0);
    const port = await freePort();
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
    const child = startChild(
      'server',
      ['--import', 'tsx'],
      'packages/server/src/server.ts',
      {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
        DEMO: '0',
        DEMO_FLEET: '0',
        LOG_LEVEL: 'warn',
        RUM_INGEST_PER_CLIENT_PER_MINUTE: '100000000',
        RUM_INGEST_PER_KEY_PER_MINUTE: '100000000',
      },
      REPO,
    );
    try {
      await waitForPort(port, child, 120_000);
      const load = async (key: string, siteId: string): Promise<IngestRun> => {
        let i = 0;
        const cpuBefore = cpuSeconds(child.pid);
        const result = await (autocannon as unknown as Cannon)({
          url: `http://127.0.0.1:${port}`,
          connections: o.connections,
          duration: o.seconds,
          requests: [
            {
              method: 'POST',
              path: `/api/v1/rum/ingest/${key}/`,
              headers: { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN, 'user-agent': UAS[0]! },
              setupRequest: (r) => ({ ...r, body: beacon(i++) }),
            },
          ],
        });
        const serverCpuS = cpuSeconds(child.pid) - cpuBefore;
        const counted = await client.query(`select count(*)::int as n from rum_page_views where site_id = $1`, [siteId]);
        const acknowledged = result['2xx'];
        return {
          acknowledged,
          refused: result.non2xx + result.errors,
          perS: acknowledged / o.seconds,
          p99Ms: result.latency.p99,
          stored: counted.rows[0].n as number,
          serverCpuS,
        };
      };
      o.log(`ingest: baseline, ${o.connections} connections for ${o.seconds} s against a site sampled at 0…`);
      const baseline = await load(unsampled.key, unsampled.id);
      o.log(`ingest: stored, ${o.connections} connections for ${o.seconds} s…`);
      const store = await load(stored.key, stored.id);
      return { store, baseline };
    } finally {
      await child.stop();
    }
  } finally {
    await client.end().catch(() => undefined);
    await scratch.drop();
  }
}
