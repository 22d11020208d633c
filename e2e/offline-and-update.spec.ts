import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';

// The service worker is what this journey checks (the config blocks it for the others).
test.use({ serviceWorkers: 'allow' });

// The folder the server serves the console from (it reads files per request, so a changed file is live at once).
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? 'packages/web/dist');
const VERSION_FILE = path.join(WEB_DIST, 'version.json');

/** A mark on this document: gone once the page has reloaded. */
const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { e2eMark?: boolean }).e2eMark = true));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

test('going offline shows the notice and the banner, and coming back online reloads the console', async ({ page, context }) => {
  await logIn(page, demo.owner);
  await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();
  await markDocument(page);

  await context.setOffline(true);
  await expect(page.getByText('You are Offline!')).toBeVisible();
  const banner = page.getByRole('alert').filter({ hasText: /No Internet Connection\. Connecting in \d+s/ });
  await expect(banner).toBeVisible();
  // The countdown moves.
  const first = await banner.textContent();
  await expect(banner).not.toHaveText(first ?? '');
  await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await expect(page.getByText("You're Online!")).toBeVisible();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();
  expect(await documentMarked(page)).toBe(false);
  await expect(banner).toHaveCount(0);
});

test('the service worker takes the console, and a new build makes an open console update itself', async ({ page }) => {
  // The page's clock, so the 5-minute update check can be reached without waiting 5 minutes.
  await page.clock.install();
  await logIn(page, demo.owner);
  await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();

  // Registered once the app is stable, activated, and controlling this page (it claims open pages).
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null), { timeout: 40_000 })
    .toMatch(/\/sw\.js$/);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const original = readFileSync(VERSION_FILE, 'utf8');
  const builtIn = (JSON.parse(original) as { hash: string }).hash;
  try {
    // A new build is deployed: the served version.json names another hash.
    writeFileSync(VERSION_FILE, `${JSON.stringify({ hash: `${builtIn}-next` })}\n`);
    await markDocument(page);
    const reloaded = page.waitForEvent('load');
    await page.clock.fastForward('05:00');
    await expect(page.getByText('Updating application')).toBeVisible();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();
    expect(await documentMarked(page)).toBe(false);
    await expect(page.getByText('Updating application')).toHaveCount(0);
    // The reloaded page is served through the service worker.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  } finally {
    writeFileSync(VERSION_FILE, original);
  }
});

test('the server never lets a cache keep the service worker or the version file', async ({ request }) => {
  for (const file of ['/sw.js', '/version.json', '/index.html']) {
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    expect(res.headers()['cache-control'], file).toBe('no-cache');
  }
  const version = (await (await request.get('/version.json')).json()) as { hash: unknown };
  expect(typeof version.hash).toBe('string');
});
