/**
 * bench:api-discovery — QShield's API discovery (issue 39, Proof and figures): how well the
 * domain's discovery finds an API's endpoint templates from its traffic alone.
 *
 * An API of BENCH_ENDPOINTS (200) endpoint templates (bench/api-discovery/generate.ts: four roots,
 * thirty resources; collections, objects by number, UUID, slug, opaque or prefixed id, nested
 * resources, static actions, files by hash, reports by date; a third of the GETs with query
 * parameters) and BENCH_REQUESTS (1,000,000) requests against it, Zipf-skewed over the endpoints
 * and over the objects of each, all seeded. The requests are counted per path (with its query) and
 * status as the analytics store counts them, and discoverEndpoints reads the counts: each
 * discovered method and template is compared with the truth (placeholders match whatever their
 * name). Precision: the share of discovered templates that are true endpoints; recall: the share of
 * the API's endpoints that were discovered (of those the traffic reached at all, and of all 200).
 * Beside it the baseline: templates made by pathTemplate alone (the segment's own look, no
 * cardinality). And the same with the store's bound (its busiest 20,000 counts only).
 *
 * Time and memory: discoverEndpoints' wall time (median of BENCH_RUNS) and the heap it grew by.
 * One process, no database. Exit code 0 whatever the figures.
 */
import { discoverEndpoints, pathTemplate, type PathStatusCount } from '@netloom/domain';
import { generateApi, requestMaker, seeded, zipf } from './api-discovery/generate';

const env = process.env;
const ENDPOINTS = Number(env.BENCH_ENDPOINTS ?? 200);
const REQUESTS = Number(env.BENCH_REQUESTS ?? 1_000_000);
const RUNS = Number(env.BENCH_RUNS ?? 3);
const SEED = Number(env.BENCH_SEED ?? 39);
/** What the analytics store answers at most (waf-store.ts pathCounts). */
const STORE_BOUND = 20_000;

const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const pct = (n: number) => `${(100 * n).toFixed(1)} %`;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
const norm = (template: string) => template.replace(/\{[^}]*\}/g, '{}');

function main() {
  const random = seeded(SEED);
  const api = generateApi(ENDPOINTS, random);
  const truth = new Set(api.map((e) => `${e.method} ${e.template}`));
  log(`API (seed ${SEED}): ${api.length} endpoints; generating ${REQUESTS.toLocaleString('en')} requests`);

  // Counted per path and status as the store counts them.
  const pickEndpoint = zipf(api.length, 1.1, random);
  const make = requestMaker(random);
  const counts = new Map<string, PathStatusCount>();
  const reached = new Set<string>();
  const at = new Date('2026-11-30T10:00:00Z');
  for (let i = 0; i < REQUESTS; i++) {
    const e = api[pickEndpoint()]!;
    reached.add(`${e.method} ${e.template}`);
    const status = random() < 0.04 ? 404 : e.method === 'POST' ? 201 : 200;
    const path = make(e);
    const key = `${e.method} ${status} ${path}`;
    const row = counts.get(key);
    if (row) row.requests += 1;
    else counts.set(key, { applicationId: 'bench', method: e.method, path, status, requests: 1, firstAt: at, lastAt: at });
  }
  const rows = [...counts.values()];
  log(`${rows.length.toLocaleString('en')} distinct paths and statuses; ${reached.size} endpoints reached`);

  const score = (templates: Set<string>) => {
    const right = [...templates].filter((t) => truth.has(t)).length;
    const found = [...truth].filter((t) => templates.has(t));
    return {
      templates: templates.size,
      precision: templates.size ? right / templates.size : 0,
      recallReached: found.filter((t) => reached.has(t)).length / reached.size,
      recall: found.length / truth.size,
    };
  };
  const say = (name: string, s: ReturnType<typeof score>) =>
    log(
      `${name}: ${s.templates.toLocaleString('en')} templates; precision ${pct(s.precision)}; recall ${pct(s.recallReached)} of the endpoints reached, ${pct(s.recall)} of all ${truth.size}`,
    );

  // Baseline: each path's template from its segments' own look.
  say('pathTemplate alone', score(new Set(rows.map((r) => `${r.method} ${norm(pathTemplate(r.path))}`))));

  const times: number[] = [];
  let discovered: ReturnType<typeof discoverEndpoints> = [];
  let grew = 0;
  for (let run = 0; run < RUNS; run++) {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    discovered = discoverEndpoints(rows);
    times.push(performance.now() - t0);
    grew = Math.max(grew, process.memoryUsage().heapUsed - before);
  }
  times.sort((a, b) => a - b);
  const result = score(new Set(discovered.map((e) => `${e.method} ${norm(e.template)}`)));
  say('discoverEndpoints', result);
  const wrong = discovered.filter((e) => !truth.has(`${e.method} ${norm(e.template)}`));
  for (const e of wrong.slice(0, 10)) log(`  not an endpoint: ${e.method} ${e.template} (${e.requests} requests)`);
  const missed = [...truth].filter((t) => reached.has(t) && !discovered.some((e) => `${e.method} ${norm(e.template)}` === t));
  for (const t of missed.slice(0, 10)) log(`  missed: ${t}`);
  log(
    `discoverEndpoints over ${rows.length.toLocaleString('en')} counts: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms (${RUNS} runs); heap grew by up to ${mb(grew)}${globalThis.gc ? '' : ' (run with --expose-gc for a steadier figure)'}; RSS ${mb(process.memoryUsage().rss)}`,
  );

  // What the server reads: the store's busiest counts only.
  const bounded = discoverEndpoints([...rows].sort((a, b) => b.requests - a.requests).slice(0, STORE_BOUND));
  say(`with the store's bound (${STORE_BOUND.toLocaleString('en')} busiest counts)`, score(new Set(bounded.map((e) => `${e.method} ${norm(e.template)}`))));
  for (const e of bounded.filter((x) => !truth.has(`${x.method} ${norm(x.template)}`)).slice(0, 5))
    log(`  not an endpoint: ${e.method} ${e.template} (${e.requests} requests)`);
}

main();
