/**
 * bench:lighthouse — Lighthouse's performance audit (desktop preset) of the signed-in dashboards,
 * the tool the first figures came from (total blocking time 22.8 s, largest paint 4.1 s).
 *
 * The console as `npm start` serves it, with the demo fleet (support/console-server.ts). Chromium
 * (Debian's) is started by Playwright with a persistent profile and a debugging port: the owner of
 * Acme signs in through the API in that profile (the refresh cookie, as the console keeps it), and
 * Lighthouse drives the same browser over the port with its storage reset turned off, so each audit
 * loads the dashboard as a signed-in admin opening it cold would. Lighthouse 12.2 (13 wants Node 22).
 *
 * Per page, medians of BENCH_RUNS (3): performance score, first and largest contentful paint, total
 * blocking time, speed index, layout shift and main-thread work. Desktop preset figures are
 * simulated on Lighthouse's own model of a desktop on a fast connection, from the trace it records.
 * The exit code is 0 whatever the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import lighthouse, { desktopConfig } from 'lighthouse';
import { AUTH_PATHS, REFRESH_TRANSPORT_HEADER } from '@netloom/domain';
import { freePort } from './live/proc';
import { DEMO_OWNER, startConsoleServer } from './support/console-server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ['/sdwan/dashboard', '/ztna/dashboard'];
/** The audits read, with how each is shown. */
const AUDITS = {
  'first-contentful-paint': 'FCP ms',
  'largest-contentful-paint': 'LCP ms',
  'total-blocking-time': 'TBT ms',
  'speed-index': 'speed index ms',
  'cumulative-layout-shift': 'CLS',
  'mainthread-work-breakdown': 'main thread ms',
} as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/**
 * While it waits for a busy page to go quiet, Lighthouse leaves a DevTools call behind whose timeout
 * rejects with nobody listening; that one is the page's verdict (it never went quiet), not a crash.
 */
process.on('unhandledRejection', (e: unknown) => {
  if ((e as { code?: string } | null)?.code === 'PROTOCOL_TIMEOUT') console.log(`Lighthouse: ${(e as Error).message} (the page did not go quiet)`);
  else throw e;
});

async function main() {
  const server = await startConsoleServer();
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    baseURL: server.base,
    args: ['--no-sandbox', '--disable-gpu', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', `--remote-debugging-port=${port}`],
  });
  try {
    const res = await context.request.post(`/api/v1/${AUTH_PATHS.login}`, {
      data: { ...DEMO_OWNER, remember: true },
      headers: { [REFRESH_TRANSPORT_HEADER]: 'cookie' },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
    // Once unaudited: the demo fleet has connected and the server is warm.
    const warm = await context.newPage();
    await warm.goto(`${server.base}/sdwan/dashboard`);
    await warm.locator('[data-testid="tile-devices"]').waitFor({ timeout: 120_000 });
    await warm.close();

    const rows: Record<string, string | number>[] = [];
    let version = '';
    for (const page of PAGES) {
      const runs: { score: number; audits: Record<string, number> }[] = [];
      let failed = 0;
      for (let i = 0; i < RUNS; i++) {
        // A page that never goes quiet can time Lighthouse out (as the dashboards once did): counted, not fatal.
        const result = await lighthouse(
          `${server.base}${page}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
          desktopConfig,
        ).catch((e: unknown) => {
          console.log(`${page}: Lighthouse failed: ${e instanceof Error ? e.message : String(e)}`);
          return undefined;
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          if (lhr?.runtimeError) console.log(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          failed++;
          continue;
        }
        version = lhr.lighthouseVersion;
        // Lighthouse loads the page it is given; a sign-in page instead would be an audit of the wrong page.
        if (!lhr.finalDisplayedUrl.endsWith(page)) throw new Error(`${page} ended on ${lhr.finalDisplayedUrl}`);
        runs.push({
          score: (lhr.categories.performance?.score ?? NaN) * 100,
          audits: Object.fromEntries(Object.keys(AUDITS).map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])),
        });
      }
      const row: Record<string, string | number> = { page, 'runs failed': failed, score: Math.round(median(runs.map((r) => r.score))) };
      for (const [id, label] of Object.entries(AUDITS)) {
        const value = median(runs.map((r) => r.audits[id] ?? NaN));
        row[label] = id === 'cumulative-layout-shift' ? Number(value.toFixed(3)) : Math.round(value);
      }
      rows.push(row);
    }
    console.log(
      `\nbench:lighthouse — Lighthouse ${version} desktop preset, performance, ${RUNS} runs each, medians (Chromium ${context.browser()?.version() ?? ''})`,
    );
    console.table(rows);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
