import { defineConfig, devices } from '@playwright/test';

// The journeys run against the real server, which serves the built console (npm run build first).
const PORT = Number(process.env.E2E_PORT ?? 8181);
// Per port, so journeys of different checkouts or builds can run side by side.
const DATA_DIR = `.data/e2e-${PORT}`;
/** The e2e server drops every mail here; journeys read activation and reset links from it. */
export const MAIL_DIR = `.data/e2e-mail-${PORT}`;

export default defineConfig({
  testDir: './e2e',
  // Per port too: a run empties its output folder first.
  outputDir: `test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    // A fresh embedded database each run, seeded with the demo tenants and logins, no simulated fleet.
    command: `rm -rf ${DATA_DIR} ${MAIL_DIR} && DATA_DIR=${DATA_DIR} MAIL_DIR=${MAIL_DIR} DEMO_FLEET=0 PORT=${PORT} node --import tsx packages/server/src/server.ts`,
    url: `http://127.0.0.1:${PORT}/api/v1/auth/login-options/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
