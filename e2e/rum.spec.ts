import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { grantSubscription, ownerApi } from './support/fleet';
import { serveTenantSite, sourceMap } from './support/rum-page';

const RELEASE = 'shop@1.0.0';

test("a tenant's site reports its real users: the snippet's page view and vitals reach the RUM page, a thrown error shows with its stack resolved through the uploaded source map, and a foreign origin's beacon is refused", async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  // RUM is a subscription of its own: the super admin grants it to Acme for the journey, and takes it back after.
  const restoreSubscriptions = await grantSubscription(request, owner.tenantId, 'rum');

  // The tenant's own site, on a loopback port of its own: its page carries the snippet once the site is registered.
  let snippet = '';
  const shop = await serveTenantSite(() => snippet);
  const name = `shop-${crypto.randomUUID().slice(0, 6)}`;
  let siteId: string | null = null;
  try {
    await journey();
  } finally {
    if (siteId) await request.delete(`/api/v1/rum/sites/${siteId}/`, { headers: auth });
    await shop.close();
    await restoreSubscriptions();
  }

  async function journey() {
    const created = await request.post('/api/v1/rum/sites/', {
      headers: auth,
      data: { name, kind: 'website', origins: [shop.origin], sample_rate: 1, honour_dnt: false },
    });
    expect(created.status(), await created.text()).toBe(201);
    siteId = ((await created.json()) as { id: string }).id;
    const answer = (await (await request.get(`/api/v1/rum/sites/${siteId}/snippet/`, { headers: auth })).json()) as { snippet: string; ingest_url: string };
    // The site names its release in the tag, as a deploy would; the release's source map is uploaded with it.
    snippet = answer.snippet.replace('data-release=""', `data-release="${RELEASE}"`);
    expect(snippet).toContain(`data-release="${RELEASE}"`);
    const uploaded = await request.post(`/api/v1/rum/sites/${siteId}/sourcemaps/`, {
      headers: auth,
      data: { release: RELEASE, file_url: shop.scriptUrl, map: sourceMap(shop.scriptUrl) },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    // A visitor: the page loads, the SDK starts, a click on Pay throws (after a slow handler), then they leave.
    await page.goto(`${shop.origin}/checkout`);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { NetloomRUM?: unknown }).NetloomRUM)).toBe('object');
    await page.getByRole('button', { name: 'Pay' }).click();
    // The interaction is timed once the next frame has painted: the visitor stays that long.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
    // Leaving hides the page: the SDK sends what it holds (the view, the vitals, the error) with sendBeacon.
    await page.goto('about:blank');

    const range = () => {
      const end = new Date(Date.now() + 60_000);
      return `site_id=${siteId}&start_time=${new Date(end.getTime() - 3_600_000).toISOString()}&end_time=${end.toISOString()}`;
    };
    // The view and its five vitals: the load's (LCP, FCP, TTFB) and the visit's (the slow click's INP, CLS).
    const samples = async () => {
      const o = (await (await request.get(`/api/v1/rum/overview/?${range()}`, { headers: auth })).json()) as {
        page_views: number;
        vitals: { name: string; samples: number }[];
      };
      return Object.fromEntries([['views', o.page_views], ...o.vitals.map((v) => [v.name, v.samples])]) as Record<string, number>;
    };
    await expect.poll(samples, { timeout: 30_000 }).toEqual({ views: 1, LCP: 1, INP: 1, CLS: 1, FCP: 1, TTFB: 1 });

    // A beacon for this site from an origin it does not list is refused, and nothing of it is kept.
    const beacon = { v: 1, sid: 'foreign-session-01', pid: 'foreign-view-0001', url: 'http://foreign.example/', events: [{ t: 'view', at: Date.now() }] };
    const foreign = await request.post(answer.ingest_url, {
      headers: { Origin: 'http://foreign.example', 'Content-Type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify(beacon),
    });
    expect(foreign.status()).toBe(403);
    expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();

    // The RUM page: the website tab shows the site's page view and its vitals.
    await logIn(page, demo.owner);
    await page.goto(`/rum/website/performance?site=${siteId}&window=1h`);
    await expect(page.getByRole('heading', { name: 'Real-user monitoring', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Website', selected: true })).toBeVisible();
    // The first visit to the page loads its charts' code: on a busy machine that takes a while.
    await expect(page.getByRole('button', { name: /^LCP p75 [\d.]+ m?s$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^FCP p75 [\d.]+ m?s$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^INP p75 [\d.]+ m?s$/ })).toBeVisible();
    await expect(page.getByText('Page views').locator('..')).toContainText('1');
    await expect(page.getByRole('table', { name: 'Slowest pages by LCP' })).toContainText('/checkout');

    // Errors: the thrown error, its stack mapped back to src/checkout.ts through the uploaded map.
    await page.getByRole('tab', { name: 'Errors' }).click();
    const row = page.getByRole('table', { name: 'Top errors' }).getByRole('row', { name: /checkout failed/ });
    await expect(row).toContainText('Resolved');
    await expect(row).toContainText(RELEASE);
    await row.getByRole('button', { name: 'View' }).click();
    const stack = page.getByRole('dialog').getByLabel('Stack trace');
    await expect(stack).toContainText('Error: checkout failed: the cart has no items');
    await expect(stack).toContainText('(src/checkout.ts:3:');
    await expect(stack).toContainText('at cartTotal (src/checkout.ts:10:');
    await expect(stack).not.toContainText('app.min.js');
  }
});
