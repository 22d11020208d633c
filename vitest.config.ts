import { defineConfig } from 'vitest/config';

// One runner, six projects: pure rules, the benchmarks' readers, the real server, its security suite, the fleet simulator, the console's components.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      // The benchmarks' own parsing, so a figure cannot rest on a misread message.
      { test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          // The security suite is its own project (npm run test:security), so it runs once.
          // Cluster tests (*.cluster.test.ts) stay in: without PostgreSQL and Redis they report themselves skipped.
          exclude: ['packages/server/src/security/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['packages/server/src/security/**/*.test.ts'],
          // The PostgreSQL run is a file of its own (it runs beside the PGlite one), there only when a server is named.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['packages/server/src/security/security-postgres.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'simulator',
          include: ['packages/simulator/src/**/*.test.ts'],
          // The fleet test runs devices against the real server, in real time.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['packages/web/{src,dev}/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./packages/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
