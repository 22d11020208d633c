import { defineConfig, devices } from '@playwright/test';

// The journeys run against the real server, which serves the built console (npm run build first).
// Each worker starts a server of its own (e2e/support/test.ts): journeys in different workers
// share nothing, so they run side by side; E2E_PORT is the first worker's port.
const PORT = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: './e2e',
  // Per port too: a run empties its output folder first.
  outputDir: `test-results/e2e-${PORT}`,
  // The journeys of a file run in order, in one worker; files spread over the workers.
  fullyParallel: false,
  // Three on two cores: journeys mostly wait (on timers, sockets, simulated devices), and with two
  // workers the phase used three quarters of one core (450 CPU s in 605 s). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A journey with several devices takes ~55 s on a loaded 2-core machine. CI's machines are not all
  // as fast: one ran every phase at less than half that speed, and journeys that take 20 s here took
  // over two minutes there. CI gets twice the room; a journey that needs more (test.slow()) three times that.
  timeout: process.env.CI ? 240_000 : 120_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    // Each journey's fresh browser would install the console's service worker, which precaches every
    // asset of the build (about 290 files) beside the journey: on a loaded machine that delayed pages
    // past their waits. The journeys of the worker itself and of a clean console allow it (test.use).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 820 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // WebGL (the fleet map) in headless Chromium without a GPU: SwiftShader, software rendering.
        '--use-gl=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 820 } } }],
});
