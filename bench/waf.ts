/**
 * bench:waf — the WAF edge's engine (QShield): what ModSecurity with the OWASP Core Rule Set costs
 * nginx, and what it catches.
 *
 * One nginx master rendered by the agent's own renderer (packages/agent/src/render/nginx-waf.ts)
 * with three applications on one loopback port, told apart by their domain: the CRS blocking at
 * paranoia level 1, the CRS blocking at paranoia level 2, and the same proxy with ModSecurity off
 * (the baseline), and PL1 with the zero-trust API enforcing a document of 200 operations. Behind them a second nginx master as the origin (a 2 KiB page from memory), so
 * that the origin costs next to nothing and the same for both. One worker each: the machine has
 * two cores, autocannon takes the other.
 *
 * Throughput: autocannon, BENCH_WAF_CONNECTIONS connections for BENCH_WAF_SECONDS on a benign
 * GET with a query string and browser headers (what the CRS inspects), the baseline and PL1 taking
 * turns BENCH_WAF_ROUNDS times; requests per second and p99 latency (medians of the rounds).
 *
 * Detection: every request of bench/waf-corpus.ts through PL1 and PL2 (one connection each): an
 * attack is stopped when the edge answers 4xx (ModSecurity's 403, or nginx's own refusal of what it
 * does not take, such as TRACE's 405; the origin answers 200 to anything); a benign request is a
 * false positive when it is stopped.
 * Prints the rates by category and lists each miss and false positive with the rules that fired.
 *
 * Needs nginx with libnginx-mod-http-modsecurity and modsecurity-crs (as the agent's waf-edge
 * role), no root. Exit code 0 whatever the figures.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { apiContractOf, wafEdgeApplicationSchema } from '@netloom/domain';
import { NginxWaf } from '../packages/agent/src/host/nginx';
import { DEBIAN_WAF_PATHS } from '../packages/agent/src/render/nginx-waf';
import { ATTACKS, BENIGN, type CorpusRequest } from './waf-corpus';

const env = process.env;
const SECONDS = Number(env.BENCH_WAF_SECONDS ?? 8);
const CONNECTIONS = Number(env.BENCH_WAF_CONNECTIONS ?? 32);
const ROUNDS = Number(env.BENCH_WAF_ROUNDS ?? 2);
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const n0 = (n: number) => Math.round(n).toLocaleString('en');
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The origin: a second nginx master serving one page from memory. */
function startOrigin(dir: string, port: number): () => void {
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const page = `<!doctype html><title>Shop</title>${'<p>Running shoes, trail shoes and more.</p>'.repeat(48)}`;
  writeFileSync(
    path.join(dir, 'origin.conf'),
    [
      'worker_processes 1;',
      `pid ${dir}/logs/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      '  keepalive_requests 100000;',
      `  server { listen 127.0.0.1:${port}; location / { default_type text/html; return 200 '${page}'; } }`,
      '}',
      '',
    ].join('\n'),
  );
  const args = ['-p', `${dir}/`, '-c', path.join(dir, 'origin.conf')];
  const started = spawnSync('nginx', args, { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`the origin's nginx did not start: ${started.stderr}`);
  return () => void spawnSync('nginx', [...args, '-s', 'quit']);
}

interface Answer {
  status: number;
}
/** The origin answers 200 to everything: a 4xx is the edge's refusal (ModSecurity's 403, or nginx's own 400/405 for what it does not take). */
const stopped = (a: Answer) => a.status >= 400 && a.status < 500;

function send(port: number, host: string, r: CorpusRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host, ...(r.headers ?? {}) };
    if (r.body) {
      headers['content-type'] = r.body.type;
      headers['content-length'] = String(Buffer.byteLength(r.body.text));
    }
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', () => resolve({ status: 0 }));
    req.end(r.body?.text);
  });
}

/** The CRS rules that matched a request, from the application's audit log (by the request's path). */
function rulesFor(prefix: string, appId: string): Map<string, string[]> {
  const byUri = new Map<string, string[]>();
  const file = path.join(prefix, 'logs', `audit-${appId}.log`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return byUri;
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const t = (JSON.parse(line) as { transaction: { request: { uri: string }; messages?: { details: { ruleId: string } }[] } }).transaction;
      byUri.set(
        t.request.uri,
        (t.messages ?? []).map((m) => m.details.ruleId).filter((id) => !/^9(49|59|80)/.test(id)),
      );
    } catch {
      /* a line cut by the log's rotation */
    }
  }
  return byUri;
}

/** An OpenAPI document of 200 operations, the last of them the throughput runs' request (GET /products with its four parameters). */
function benchApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < 199; i++) {
    paths[`/api/v1/resource${i}/{id}`] = {
      get: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'fields', in: 'query', schema: { type: 'string' } },
        ],
      },
    };
  }
  paths['/products'] = {
    get: {
      parameters: [
        { name: 'category', in: 'query', schema: { type: 'string', maxLength: 64 } },
        { name: 'size', in: 'query', schema: { type: 'integer' } },
        { name: 'colour', in: 'query', schema: { type: 'string' } },
        { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200 } },
      ],
    },
  };
  return { paths };
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'netloom-bench-waf-'));
  chmodSync(dir, 0o755);
  const [edgePort, originPort] = [await freePort(), await freePort()];
  const stopOrigin = startOrigin(path.join(dir, 'origin'), originPort);
  const apps = {
    pl1: { id: '00000000-0000-4000-8000-000000000001', host: 'pl1.bench.test', policy: { mode: 'blocking', paranoia_level: 1 } },
    pl2: { id: '00000000-0000-4000-8000-000000000002', host: 'pl2.bench.test', policy: { mode: 'blocking', paranoia_level: 2 } },
    off: { id: '00000000-0000-4000-8000-000000000003', host: 'off.bench.test', policy: { mode: 'off' } },
    api: {
      id: '00000000-0000-4000-8000-000000000004',
      host: 'api.bench.test',
      policy: { mode: 'blocking', paranoia_level: 1, zero_trust_api: { mode: 'block' } },
    },
  };
  // PL1 with the zero-trust API: a document of 200 operations, the benchmark's request the last one tried.
  const apiSchema = { mode: 'block' as const, operations: apiContractOf(benchApiDocument()) };
  const prefix = path.join(dir, 'edge');
  const edge = new NginxWaf({
    prefix,
    listen: { address: '127.0.0.1', http: edgePort, https: await freePort() },
    modules: { modsecurity: DEBIAN_WAF_PATHS.modsecurityModule, geoip2: null },
    crs: { setup: DEBIAN_WAF_PATHS.crsSetup, rules: DEBIAN_WAF_PATHS.crsRules },
    countryDb: null,
    dpopChecker: null,
    challenger: null,
    workers: 1,
  });
  try {
    const error = await edge.apply({
      applications: Object.entries(apps).map(([name, a]) =>
        wafEdgeApplicationSchema.parse({
          id: a.id,
          name,
          domains: [a.host],
          origins: [{ url: `http://127.0.0.1:${originPort}` }],
          health_check: {},
          tls: null,
          policy: a.policy,
          api_schema: name === 'api' ? apiSchema : null,
        }),
      ),
    });
    if (error) throw new Error(error);
    log(
      `edge on 127.0.0.1:${edgePort} (nginx ${spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '')}, ModSecurity v3, CRS 3.3), origin on :${originPort}`,
    );

    // Detection and false positives first: the throughput runs fill the access log, not the audit log.
    const corpus: Record<string, { attacks: Answer[]; benign: Answer[] }> = {};
    for (const level of ['pl1', 'pl2'] as const) {
      const attacks: Answer[] = [];
      const benign: Answer[] = [];
      for (const r of ATTACKS) attacks.push(await send(edgePort, apps[level].host, r));
      for (const r of BENIGN) benign.push(await send(edgePort, apps[level].host, r));
      corpus[level] = { attacks, benign };
    }
    const plainBenign: Answer[] = [];
    for (const r of BENIGN) plainBenign.push(await send(edgePort, apps.off.host, r));
    const originRefuses = plainBenign.filter((a) => a.status >= 400).length;

    const target = (host: string): autocannon.Options => ({
      url: `http://127.0.0.1:${edgePort}/products?category=shoes&size=42&colour=navy+blue&q=women%27s+trail+shoes`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: {
        host,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        accept: 'text/html,application/xhtml+xml',
        'accept-language': 'en-GB,en;q=0.9',
        cookie: 'session=3f2a9c7e1b4d; consent=analytics',
      },
    });
    const runs: Record<'off' | 'pl1' | 'api', { rps: number[]; p99: number[]; non2xx: number }> = {
      off: { rps: [], p99: [], non2xx: 0 },
      pl1: { rps: [], p99: [], non2xx: 0 },
      api: { rps: [], p99: [], non2xx: 0 },
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const order = ['off', 'pl1', 'api'] as const;
      for (const which of [...order.slice(round % 3), ...order.slice(0, round % 3)]) {
        const result = await autocannon(target(apps[which].host));
        runs[which].rps.push(result.requests.average);
        runs[which].p99.push(result.latency.p99);
        runs[which].non2xx += result.non2xx + result.errors;
        const label = { off: 'without ModSecurity', pl1: 'CRS PL1', api: 'CRS PL1 + zero-trust API' }[which];
        log(`round ${round} ${label}: ${n0(result.requests.average)} requests/s, p99 ${result.latency.p99} ms`);
      }
    }

    const off = { rps: median(runs.off.rps), p99: median(runs.off.p99) };
    const pl1 = { rps: median(runs.pl1.rps), p99: median(runs.pl1.p99) };
    const api = { rps: median(runs.api.rps), p99: median(runs.api.p99) };
    console.log('');
    console.log(`Throughput (${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds, one nginx worker, benign GET with a query string):`);
    console.log('| proxy                      | requests/s | p99 latency | non-2xx |');
    console.log('|----------------------------|-----------:|------------:|--------:|');
    console.log(`| nginx, ModSecurity off     | ${n0(off.rps).padStart(10)} | ${`${n0(off.p99)} ms`.padStart(11)} | ${String(runs.off.non2xx).padStart(7)} |`);
    console.log(`| nginx + CRS 3.3, PL1 block | ${n0(pl1.rps).padStart(10)} | ${`${n0(pl1.p99)} ms`.padStart(11)} | ${String(runs.pl1.non2xx).padStart(7)} |`);
    console.log(`| + zero-trust API (200 ops) | ${n0(api.rps).padStart(10)} | ${`${n0(api.p99)} ms`.padStart(11)} | ${String(runs.api.non2xx).padStart(7)} |`);
    console.log(
      `The CRS keeps ${(pl1.rps / off.rps).toFixed(2)}× the baseline's requests per second; p99 ${(pl1.p99 / Math.max(off.p99, 1)).toFixed(1)}× the baseline's.`,
    );

    const categories = [...new Set(ATTACKS.map((a) => a.category))];
    console.log('');
    console.log(
      `Detection (${ATTACKS.length} attacks; stopped = a 4xx from the edge) and false positives (${BENIGN.length} benign requests; the origin itself refused ${originRefuses}):`,
    );
    console.log(`| paranoia | ${categories.map((c) => c.padEnd(9)).join(' | ')} | all attacks | false positives |`);
    console.log(`|----------|${categories.map(() => '----------:').join('|')}|------------:|----------------:|`);
    for (const level of ['pl1', 'pl2'] as const) {
      const { attacks, benign } = corpus[level]!;
      const cells = categories.map((c) => {
        const of = ATTACKS.map((a, i) => [a, attacks[i]!] as const).filter(([a]) => a.category === c);
        return `${of.filter(([, r]) => stopped(r)).length}/${of.length}`.padStart(9);
      });
      const caught = attacks.filter(stopped).length;
      const fp = benign.filter(stopped).length;
      console.log(
        `| ${level.toUpperCase().padEnd(8)} | ${cells.join(' | ')} | ${pct(caught, ATTACKS.length).padStart(11)} | ${`${fp} (${pct(fp, BENIGN.length)})`.padStart(15)} |`,
      );
    }
    for (const level of ['pl1', 'pl2'] as const) {
      const { attacks, benign } = corpus[level]!;
      const rules = rulesFor(prefix, apps[level].id);
      const missed = ATTACKS.filter((_, i) => !stopped(attacks[i]!));
      const falsePositives = BENIGN.filter((_, i) => stopped(benign[i]!));
      if (missed.length)
        console.log(
          `${level.toUpperCase()} missed: ${missed.map((a) => `${a.category} ${a.method} ${a.path.slice(0, 70)}${a.headers?.['User-Agent'] ? ` [UA ${a.headers['User-Agent'].slice(0, 30)}]` : ''} (${attacks[ATTACKS.indexOf(a)]!.status})`).join('; ')}`,
        );
      if (falsePositives.length)
        console.log(
          `${level.toUpperCase()} false positives: ${falsePositives.map((b) => `${b.method} ${b.path.slice(0, 70)} [${(rules.get(b.path) ?? []).join(',')}]`).join('; ')}`,
        );
    }
  } finally {
    await edge.stop();
    stopOrigin();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
