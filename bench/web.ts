/**
 * bench:web — first load of the dashboard route in Chromium, cold and warm, next to a bare
 * Vite + React + Mantine page measured the same way in the same run (issue 23 "Performance").
 *
 * The console: packages/web/dist (built first with `npm run build` if it is missing; BENCH_WEB_DIST
 * names another build), served by the Netloom server on a spare port with a fresh data folder and the
 * demo fleet (the dashboard's tiles show once the tenant has devices). The owner of Acme signs in
 * through the API (the refresh cookie lands in the browser context); then /sdwan/dashboard loads:
 *   cold — a fresh browser context: empty HTTP cache, service workers blocked;
 *   warm — the same context, the same URL again (HTTP cache; service workers still blocked, so the
 *          figure is the HTTP cache's, not the precache's).
 * The baseline (bench/web-baseline, built here with Vite into a temp folder, gzip copies like the
 * console's) is served by Fastify with @fastify/static exactly as the server serves the console.
 *
 * Figures per load (medians of BENCH_RUNS, 5; the lower middle for an even count): JavaScript transferred (encoded bytes on the wire,
 * headers included, of script responses; the server sends gzip), its decoded size, and the time from
 * navigation start to the first tile in the page (a MutationObserver records performance.now()
 * when [data-testid="tile-devices"] is laid out). JS is counted up to the first tile and 4 s
 * after it (settled: also what the route loads after its first paint, e.g. the map's chunk). Aims: dashboard JS up to the
 * first tile ≤ 300 kB gzip, first tile ≤ 1.5 s cold. The exit code is 0 whatever the figures.
 *
 * Idle (issue 32, bench/web-idle.ts): /sdwan/dashboard, /ztna/dashboard and the baseline, each loaded
 * and settled as above, then left alone for 20 s (BENCH_IDLE_MS) with the demo fleet's live updates
 * flowing: the main thread's task, script, layout and style seconds in that window (Chromium's
 * Performance.getMetrics deltas). Aim: < 0.5 s per 20 s. BENCH_ONLY=load|idle runs one half.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { AUTH_PATHS, REFRESH_TRANSPORT_HEADER } from '@netloom/domain';
import { precompress } from '../packages/web/build-version';
import { freePort, killAllChildren } from './live/proc';
import { DEMO_OWNER, startConsoleServer } from './support/console-server';
import { percentile } from './stats';
import { IDLE_AIM_S, IDLE_INIT_SCRIPT, IDLE_PAGES, IDLE_WINDOW_MS, idleRow, measureIdle, type IdleCost } from './web-idle';

const REPO = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TILE = '[data-testid="tile-devices"]';
const AIM = { jsKb: 300, firstTileMs: 1_500 };
const SETTLE_MS = 4_000;
/** BENCH_ONLY=load or BENCH_ONLY=idle runs one half (while iterating); both by default. */
const ONLY = process.env.BENCH_ONLY;

const tempDirs: string[] = [];
process.on('exit', () => {
  killAllChildren();
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(d);
  return d;
};

interface Load {
  firstTileMs: number;
  /** Script bytes on the wire / decoded, up to the first tile and once the page settled. */
  jsWireAtTile: number;
  jsDecodedAtTile: number;
  jsWire: number;
  jsDecoded: number;
  scripts: number;
  gzipped: number;
}

/**
 * Records when the first tile is laid out, from before any of the page's own scripts run. A string,
 * not a function: tsx's transform would add helpers the page does not have to a serialised function.
 */
const watchFirstTile = (selector: string) => `
  new MutationObserver((_, observer) => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (el && el.getBoundingClientRect().height > 0) {
      window.__firstTileMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
`;

/** One navigation, with the script traffic Chromium reports for it (DevTools protocol). */
async function measure(context: BrowserContext, page: Page, url: string): Promise<Load> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; wire: number; decoded: number; gzip: boolean; done: boolean }>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script') return;
    const enc = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    scripts.set(e.requestId, { url: e.response.url, wire: 0, decoded: 0, gzip: enc === 'gzip', done: false });
  });
  cdp.on('Network.dataReceived', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) {
      s.wire = e.encodedDataLength;
      s.done = true;
    }
  });
  const sum = (key: 'wire' | 'decoded') => [...scripts.values()].filter((s) => s.done).reduce((a, s) => a + s[key], 0);

  await page.goto(url, { waitUntil: 'commit' });
  await page
    .waitForFunction(() => (window as unknown as { __firstTileMs?: number }).__firstTileMs !== undefined, null, { timeout: 60_000, polling: 50 })
    .catch(async (e: unknown) => {
      const text = (
        await page
          .locator('body')
          .innerText()
          .catch(() => '')
      )
        .slice(0, 300)
        .replace(/\s+/g, ' ');
      throw new Error(`no tile on ${page.url()} (page: ${text})`, { cause: e });
    });
  const firstTileMs = await page.evaluate(() => (window as unknown as { __firstTileMs: number }).__firstTileMs);
  const atTile = { wire: sum('wire'), decoded: sum('decoded') };
  // BENCH_VERBOSE=1: which scripts came before the first tile, largest first.
  if (process.env.BENCH_VERBOSE) {
    const loaded = [...scripts.values()].filter((s) => s.done && s.wire > 0).sort((a, b) => b.wire - a.wire);
    for (const s of loaded) console.log(`  ${kb(s.wire).padStart(7)} kB ${s.gzip ? 'gzip' : 'raw '} ${new URL(s.url).pathname}`);
  }
  // Settled: what the route loads after its first paint too (the map and the graphs wait for the
  // browser to be idle, 2 s at the latest).
  await page.waitForTimeout(SETTLE_MS);
  const load: Load = {
    firstTileMs,
    jsWireAtTile: atTile.wire,
    jsDecodedAtTile: atTile.decoded,
    jsWire: sum('wire'),
    jsDecoded: sum('decoded'),
    scripts: [...scripts.values()].filter((s) => s.done).length,
    gzipped: [...scripts.values()].filter((s) => s.done && s.gzip).length,
  };
  await cdp.detach();
  return load;
}

async function newContext(browser: Browser, base: string, signIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', viewport: { width: 1366, height: 820 } });
  await context.addInitScript({ content: watchFirstTile(TILE) + IDLE_INIT_SCRIPT });
  if (signIn) {
    const res = await context.request.post(`/api/v1/${AUTH_PATHS.login}`, {
      data: { ...DEMO_OWNER, remember: true },
      // As the console signs in: the refresh token as an httpOnly cookie, which the page's first load restores the session from.
      headers: { [REFRESH_TRANSPORT_HEADER]: 'cookie' },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  }
  return context;
}

/** Cold then warm load of `route`, RUNS times, each in a fresh context. */
async function runSeries(browser: Browser, base: string, route: string, signIn: boolean) {
  const cold: Load[] = [];
  const warm: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser, base, signIn);
    const page = await context.newPage();
    cold.push(await measure(context, page, route));
    warm.push(await measure(context, page, route));
    await context.close();
  }
  return { cold, warm };
}

/** A page signed in (or not), loaded and settled, then left alone for the idle window; RUNS times. */
async function runIdle(browser: Browser, base: string, route: string, signIn: boolean, tiles = true): Promise<IdleCost[]> {
  const costs: IdleCost[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newContext(browser, base, signIn);
    const page = await context.newPage();
    if (tiles) await measure(context, page, route);
    else {
      await page.goto(route);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(SETTLE_MS);
    }
    costs.push(await measureIdle(context, page));
    await context.close();
  }
  return costs;
}

const median = (xs: number[]) => percentile(xs, 50);
const kb = (b: number) => (b / 1024).toFixed(1);

function row(name: string, loads: Load[]) {
  const m = (k: keyof Load) => median(loads.map((l) => l[k]));
  return {
    load: name,
    'first tile ms': Math.round(m('firstTileMs')),
    'JS to tile kB (wire)': kb(m('jsWireAtTile')),
    'JS to tile kB (decoded)': kb(m('jsDecodedAtTile')),
    'JS settled kB (wire)': kb(m('jsWire')),
    'JS settled kB (decoded)': kb(m('jsDecoded')),
    scripts: m('scripts'),
    'gzip sent': `${m('gzipped')}/${m('scripts')}`,
  };
}

async function serveBaseline(): Promise<{ base: string; close: () => Promise<void> }> {
  const outDir = tempDir('bench-web-baseline-');
  await build({
    root: path.join(REPO, 'bench/web-baseline'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  const app = Fastify();
  await app.register(fastifyStatic, { root: outDir, preCompressed: true });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${port}`, close: () => app.close() };
}

async function main() {
  const server = await startConsoleServer();
  const base = server.base;
  const baseline = await serveBaseline();

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'],
  });
  try {
    // Once unmeasured: the demo fleet has connected (tiles need devices) and the server is warm.
    const warmUp = await newContext(browser, base, true);
    await measure(warmUp, await warmUp.newPage(), '/sdwan/dashboard');
    await warmUp.close();
    await runSeries(browser, baseline.base, '/', false); // and the baseline's server

    if (ONLY !== 'idle') {
      const consoleRuns = await runSeries(browser, base, '/sdwan/dashboard', true);
      const baselineRuns = await runSeries(browser, baseline.base, '/', false);
      console.log(`\nbench:web — ${RUNS} runs each, medians (Chromium ${browser.version()}, localhost)`);
      console.table([
        row('dashboard cold', consoleRuns.cold),
        row('dashboard warm', consoleRuns.warm),
        row('baseline cold', baselineRuns.cold),
        row('baseline warm', baselineRuns.warm),
      ]);
      const jsKb = median(consoleRuns.cold.map((l) => l.jsWireAtTile)) / 1024;
      const tileMs = median(consoleRuns.cold.map((l) => l.firstTileMs));
      console.log(`Aim: dashboard JS to first tile ≤ ${AIM.jsKb} kB gzip: ${jsKb.toFixed(1)} kB ${jsKb <= AIM.jsKb ? 'met' : 'NOT met'}`);
      console.log(`Aim: first tile ≤ ${AIM.firstTileMs} ms cold: ${Math.round(tileMs)} ms ${tileMs <= AIM.firstTileMs ? 'met' : 'NOT met'}`);
    }
    if (ONLY !== 'load') {
      const idle = [];
      // BENCH_IDLE_PAGES=ztna,users: only the pages whose name holds one of these words (while iterating).
      const only = process.env.BENCH_IDLE_PAGES?.toLowerCase().split(',');
      for (const p of IDLE_PAGES.filter((p) => !only || only.some((w) => p.name.toLowerCase().includes(w)))) {
        idle.push(idleRow(p.name, await runIdle(browser, base, p.route, true, p.tiles), median));
      }
      idle.push(idleRow('baseline', await runIdle(browser, baseline.base, '/', false), median));
      console.log(`\nIdle main thread — ${RUNS} runs each, medians, seconds per 20 s (window ${IDLE_WINDOW_MS / 1000} s, live updates on)`);
      console.table(idle);
      console.log(
        `Aim: idle dashboard main thread < ${IDLE_AIM_S} s per 20 s: ${idle.filter((r) => r['idle page'].includes('dashboard')).every((r) => r.met === 'yes') ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await browser.close();
    await baseline.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
