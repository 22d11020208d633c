import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { defineConfig } from 'vitest/config';

/**
 * One runner, eight projects: pure rules, the benchmarks' readers, the real server on PGlite, the
 * suites that can differ on PostgreSQL, the security suite, the fleet simulator, the Linux agent
 * (its labs in network namespaces), the console's components. `npm test` runs them as phases of their own (scripts/test.mjs).
 */

const SERVER_TESTS = 'packages/server/src/**/*.test.ts';
/** Suites that need PostgreSQL (and Redis) by their nature: two instances, an outage, a restart. By name. */
const POSTGRES_ONLY = ['packages/server/src/**/*.cluster.test.ts', 'packages/server/src/**/*.postgres.test.ts'];
/** Suites that run on PGlite and say why they can differ on PostgreSQL: testBackends('<why>') (test/build.ts). */
const differsOnPostgres = globSync([SERVER_TESTS, 'packages/simulator/src/**/*.test.ts'], { ignore: POSTGRES_ONLY }).filter((file) =>
  /testBackends\('(?!pglite')[^']+'\)/.test(readFileSync(file, 'utf8')),
);
const postgres = process.env.TEST_DATABASE_URL;
/** The migrated, seeded PGlite database the suites' builds start from, made once per run of a project. */
const PGLITE_TEMPLATE = './packages/server/src/test/global-setup.ts';

// Integration suites mostly wait (on sockets, timers, the database) rather than compute: more
// files at once than cores keeps both cores busy. Vitest's default on 2 cores is one file at a time.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? 4);
// Worker threads, not child processes: starting one costs a fraction of a process (the unit run
// alone: 458 s instead of ~1,000). The server, simulator and component projects also share a
// worker's modules between its files (isolate: false); the others give each file a fresh graph.
// Every project says so: a project does not inherit the root's pool.
const pool = 'threads' as const;
// In CI, as Playwright does there: a test that fails once is run again; a real failure fails twice
// and fails the run, and one that passed only on its second try is named at the end of npm test.
// The suites that run the real server in real time (sockets, timers, workers) are the ones that
// can lose a race on a busy 2-core machine; the pure rules and the security budget do not retry.
const retry = process.env.CI ? 1 : 0;

const WEB_TESTS = 'packages/web/{src,dev}/**/*.test.{ts,tsx}';
/**
 * Component tests that replace a module (vi.mock) or test what importing one does (the console's
 * zod setup): they need modules no other file has loaded, so they run isolated, by what they say.
 */
const WEB_FRESH_MODULES = globSync([WEB_TESTS]).filter((file) => /vi\.(do)?[mM]ock\(|@vitest-fresh-modules/.test(readFileSync(file, 'utf8')));
/** The RUM SDK runs in tenants' pages: each of its files loads it afresh in a browser-like DOM, as a page does. */
const RUM_SDK_TESTS = 'packages/rum-sdk/src/**/*.test.ts';
const webTests = {
  retry,
  pool,
  include: [WEB_TESTS],
  environment: 'jsdom',
  setupFiles: ['./packages/web/src/test/setup.ts'],
  // Rendering with Mantine in jsdom takes its time on a busy machine; no test here measures time.
  testTimeout: 60_000,
};

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'domain',
          pool,
          include: ['packages/domain/src/**/*.test.ts'],
          // Property tests are bounded by their number of runs (fast-check's 100 unless a test says
          // otherwise), not by the clock: on a busy machine a bounded run may take seconds.
          testTimeout: 60_000,
        },
      },
      // The benchmarks' own parsing, so a figure cannot rest on a misread message.
      { test: { name: 'bench', pool, include: ['bench/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          retry,
          pool,
          // Each suite builds its own app and database: the modules themselves hold no test's state,
          // and loading them once per worker rather than per file saves a fifth of the run (313 s
          // instead of 385 s for 109 files; two runs, one in shuffled order, passed).
          isolate: false,
          include: [SERVER_TESTS],
          globalSetup: [PGLITE_TEMPLATE],
          // The security suite is its own project, and PostgreSQL's suites are the postgres project's.
          exclude: ['packages/server/src/security/**', ...POSTGRES_ONLY],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NETLOOM_TEST_BACKEND: 'pglite' },
        },
      },
      // Only when a PostgreSQL server is named: its own suites, and the PostgreSQL half of the
      // suites that can differ there (each says why; testBackends reads NETLOOM_TEST_BACKEND).
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                retry,
                pool,
                include: [...POSTGRES_ONLY, ...differsOnPostgres],
                exclude: ['packages/server/src/security/**'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
                env: { NETLOOM_TEST_BACKEND: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'security',
          pool,
          globalSetup: [PGLITE_TEMPLATE],
          include: ['packages/server/src/security/**/*.test.ts'],
          // The PostgreSQL run is a file of its own (it runs beside the PGlite one), there only when a server is named.
          exclude: postgres ? [] : ['packages/server/src/security/security-postgres.test.ts'],
          // Its size is a fixed number of calls (SECURITY_BUDGET), not a time: the clock only catches a hang.
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          name: 'simulator',
          retry,
          pool,
          isolate: false,
          globalSetup: [PGLITE_TEMPLATE],
          include: ['packages/simulator/src/**/*.test.ts'],
          // The fleet test runs devices against the real server, in real time.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { NETLOOM_TEST_BACKEND: 'pglite' },
        },
      },
      {
        test: {
          name: 'agent',
          retry,
          pool,
          globalSetup: [PGLITE_TEMPLATE],
          include: ['packages/agent/src/**/*.test.ts'],
          // Each lab runs the real agent, a real server and the engines it drives (FRR, strongSwan,
          // dnsmasq) in real time: one lab at a time, beside the other projects' files, or a busy
          // 2-core machine starves their timers (a lab once took over a minute to enrol).
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          env: { NETLOOM_TEST_BACKEND: 'pglite' },
        },
      },
      {
        extends: './packages/web/vite.config.ts',
        test: {
          ...webTests,
          name: 'web',
          exclude: WEB_FRESH_MODULES,
          // The component files share their worker's modules (Mantine, the domain, the console's
          // own): loading them afresh for each of 130 files was two thirds of the run. What a file
          // leaves behind is cleaned after each test (test/setup.ts); files that mock a module get
          // a fresh graph in 'web-fresh'.
          isolate: false,
        },
      },
      { extends: './packages/web/vite.config.ts', test: { ...webTests, name: 'web-fresh', include: [...WEB_FRESH_MODULES, RUM_SDK_TESTS] } },
    ],
  },
});
