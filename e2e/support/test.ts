import { test as base } from '@playwright/test';
import { startServer, type E2eServer } from './server';

/**
 * Playwright's test with a server of the worker's own: the journeys of one worker run one after
 * the other against it, as they would against one console, while another worker's journeys run
 * beside them against another server. `baseURL` (and so `page.goto`, `request`) points at it.
 */
export const test = base.extend<object, { server: E2eServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
