import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { demo, logIn } from './support/demo';
import { grantSubscription, ownerApi, SimFleet } from './support/fleet';

/**
 * Every page of the console's route map scanned with axe-core, in the light colour scheme and, for
 * contrast, in the dark one: a serious or critical violation of WCAG 2.2 AA fails the journey,
 * naming the rule, the page, the scheme and the elements.
 */

type Scheme = 'light' | 'dark';
/** Where Mantine keeps the chosen scheme; the console offers no switch of its own yet. */
const SCHEME_KEY = 'mantine-color-scheme-value';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * The pages of the header search's catalogue (packages/domain/src/console/search-entries.ts, every
 * built page a user can open), one scan per page: a page's tabs share its header, tables and
 * forms. Journeys drive the product from outside, so the list is written out here; the catalogue
 * test of the console checks each of these routes leads to its page. Next to them, the routes the
 * catalogue leaves out: sign-in pages, dashboards, settings, announcements and super admin.
 *
 * Pages of one entity (a route parameter or a chosen device) are scanned apart, below, with ids
 * made for the scan. Left out: the ZTNA copies of Teams and of the login and activity logs are the
 * SD-WAN pages under another prefix, and a page's other tabs (`inventory/:tab`, `overlay/:tab`)
 * share its header, table and form. The gateway pages here are as they stand before a device is
 * chosen (the journeys' servers run no fleet): header, gateway picker and empty state.
 */
const SECTIONS = {
  visitor: ['/auth/login', '/auth/sign-up', '/auth/forgotPassword', '/auth/free-trial', '/auth/microZAccess', '/resetpwd', '/404'],
  // Each section is a journey of its own (a long one in parts, below), spread over the workers.
  'sdwan gateway configuration': [
    '/sdwan/device/configure/addressing-vlan',
    '/sdwan/device/configure/staticroutes',
    '/sdwan/device/configure/firewall',
    '/sdwan/device/configure/nat',
    '/sdwan/device/configure/services',
    '/sdwan/device/configure/sdwan',
    '/sdwan/device/configure/vpn-creation',
    '/sdwan/device/configure/policyrouting',
    '/sdwan/device/configure/qos',
    '/sdwan/device/configure/vrrp',
    '/sdwan/device/configure/bgp',
    '/sdwan/device/configure/status/deviceoverview/device-interfaces',
  ],
  'sdwan gateway status': [
    '/sdwan/device/status/network',
    '/sdwan/device/status/sdwanstatus',
    '/sdwan/device/status/ipsec',
    '/sdwan/device/status/firewallstatus',
    '/sdwan/device/status/url-ops',
    '/sdwan/device/status/slastatus',
    '/sdwan/device/status/netflow',
    '/sdwan/device/status/alarms',
    '/sdwan/device/status/bgp',
    '/sdwan/device/status/logs',
  ],
  'sdwan organisation': [
    '/sdwan/dashboard',
    '/sdwan/network',
    '/sdwan/tenant-customize-dashboard',
    '/sdwan/organization/inventory',
    '/sdwan/organization/monitor/vpn-status',
    '/sdwan/organization/monitor/alarms/device',
    '/sdwan/organization/monitor/globalBGP',
    '/sdwan/organization/monitor/globalInterface',
  ],
  'sdwan tools, teams and logs': [
    '/sdwan/organization/systemtools/globalNotification',
    '/sdwan/organization/systemtools/reportGeneration',
    '/sdwan/organization/configtemp',
    '/sdwan/teams/users',
    '/sdwan/teams/groups',
    '/sdwan/logs',
  ],
  ztna: [
    '/ztna/dashboard',
    '/ztna/device/configure/overlay-mesh-vpn',
    '/ztna/mza/status',
    '/ztna/getmicrozaccess',
    '/ztna/network',
    '/ztna/organization/inventory',
  ],
  'ztna organisation': [
    '/ztna/organization/onboarding',
    '/ztna/organization/dns',
    '/ztna/organization/overlay',
    '/ztna/organization/policies',
    '/ztna/nac/nac-available-list',
    '/ztna/organization/systemtools/mza-update',
    '/ztna/organization/web-filter',
    '/ztna/reports',
    '/ztna/logs-management',
    '/ztna/logs/webfilter-logs',
  ],
  settings: ['/settings/profile', '/settings/dashboard-settings', '/settings/organisation', '/settings/single-sign-on', '/announcements'],
  'super admin': ['/superAdmin/tenant', '/superAdmin/customers', '/superAdmin/announcements', '/user-queries', '/support-chat'],
} as const satisfies Record<string, readonly string[]>;
type Section = keyof typeof SECTIONS;

/**
 * The pages of products a tenant subscribes to apart: NDR (which comes with RUM) and the IoT
 * Gateway. Their journeys grant the demo tenant the subscription (on their worker's own server) and
 * take it back. Their pages of one entity are as the pages of a list: no detection or device here.
 */
const SUBSCRIBED_SECTIONS = {
  ndr: {
    subscriptions: ['rum'],
    pages: ['/ndr/dashboard', '/ndr/detections', '/ndr/hosts', '/ndr/actions', '/ndr/organization/rules', '/ndr/organization/notifications'],
  },
  'iot gateway': {
    subscriptions: ['iot-gateway'],
    pages: ['/iot-gateway/dashboard', '/iot-gateway/devices', '/iot-gateway/organization/segments', '/iot-gateway/organization/forwarding-rules'],
  },
} as const;

const LOGIN: Partial<Record<Section, string>> = { 'super admin': demo.superAdmin };

interface Finding {
  rule: string;
  impact: string;
  page: string;
  scheme: Scheme;
  targets: string[];
}

/**
 * Opens a page as a click in the side menu would: the router follows a history entry, so the
 * console does not boot again for every page. Until the new page has drawn, the old one's
 * heading is still there: it is marked first, and the page is open once its heading is another
 * element or says something else. A page that keeps the same heading element and text (none
 * does today) would be loaded afresh instead.
 */
async function open(page: Page, href: string, signedIn: boolean) {
  if (!signedIn) return void (await page.goto(href));
  // Signing in lands on a dashboard: already open.
  if (new URL(page.url()).pathname === href) return;
  const before = await page.evaluate((to) => {
    const h1 = document.querySelector('h1');
    h1?.setAttribute('data-a11y-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return h1?.textContent ?? null;
  }, href);
  const drawn = await page
    .waitForFunction(
      (old) => {
        const h1 = document.querySelector('h1');
        return h1 !== null && (!h1.hasAttribute('data-a11y-left') || h1.textContent !== old);
      },
      before,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!drawn) await page.goto(href);
}

/**
 * A dashboard without devices starts its guided tour a moment after it opens (once per user); the
 * scan is of the page, so it is closed first, as a user would. driver.js marks the element it
 * points at with popup attributes its role does not allow: the tour is not scanned.
 */
async function closeTour(page: Page) {
  const popover = page.locator('.driver-popover');
  const started = await popover.waitFor({ state: 'visible', timeout: 4_000 }).then(
    () => true,
    () => false,
  );
  if (!started) return;
  // The sign-in's locator handler (support/demo.ts) clicks its close button before any assertion
  // that waits: clicking it here as well would wait for a button the handler has already taken away.
  await expect(popover).toBeHidden();
}

/**
 * Switches the open page's colour scheme as a choice made in another tab of the console would
 * reach it (Mantine follows its stored value), without loading the page again. Colour transitions
 * are turned off first, so the scan never reads a colour halfway.
 */
async function switchScheme(page: Page, scheme: Scheme) {
  await page.evaluate(
    ({ key, scheme }) => {
      if (!document.getElementById('a11y-no-transitions')) {
        const style = document.createElement('style');
        style.id = 'a11y-no-transitions';
        style.textContent = '*, *::before, *::after { transition: none !important; }';
        document.head.append(style);
      }
      localStorage.setItem(key, scheme);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: scheme, storageArea: localStorage }));
    },
    { key: SCHEME_KEY, scheme },
  );
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Waits for the page's one heading and its first data (skeletons gone), then scans it in the light
 * scheme against every rule and in the dark one for contrast: only colours change with the scheme.
 */
async function scan(page: Page, href: string, signedIn: boolean, withShell: boolean): Promise<Finding[]> {
  await open(page, href, signedIn);
  await expect(page.locator('h1').first(), `${href} shows its page heading`).toBeVisible();
  await expect(page.locator('h1'), `${href} has one page heading`).toHaveCount(1);
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
  if (href.endsWith('/dashboard')) await closeTour(page);
  const findings: Finding[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await switchScheme(page, scheme);
    let axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
    // The header and the side menu are the same on every page of a section: scanned on its first.
    if (!withShell) axe = axe.exclude('header').exclude('nav[aria-label="Main menu"]');
    axe = scheme === 'light' ? axe.withTags(WCAG_TAGS) : axe.withRules(['color-contrast']);
    const { violations } = await axe.analyze();
    findings.push(
      ...violations
        .filter((v) => BLOCKING.has(v.impact ?? ''))
        .map((v) => ({ rule: v.id, impact: v.impact!, page: href, scheme, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })),
    );
  }
  return findings;
}

async function scanPages(browser: Browser, baseURL: string, hrefs: readonly string[], login: string | null): Promise<Finding[]> {
  const context = await browser.newContext({ baseURL, colorScheme: 'light', viewport: { width: 1366, height: 820 } });
  await context.addInitScript((key) => window.localStorage.setItem(key, 'light'), SCHEME_KEY);
  const page = await context.newPage();
  try {
    if (login) {
      await logIn(page, login);
      await expect(page.locator('h1')).toBeVisible();
    }
    const findings: Finding[] = [];
    for (const [i, href] of hrefs.entries()) {
      const t0 = Date.now();
      findings.push(...(await scan(page, href, login !== null, i === 0)));
      if (process.env.A11Y_TIMING) console.log(`${href} ${Date.now() - t0} ms`);
    }
    return findings;
  } finally {
    await context.close();
  }
}

const loginOf = (section: Section) => (section === 'visitor' ? null : (LOGIN[section] ?? demo.owner));

/**
 * A section's pages in journeys of at most six: on a slow CI machine a section of a dozen pages in
 * two schemes came near the journey's time, and a retry repeats only its part.
 */
const PAGES_PER_JOURNEY = 6;
const partsOf = (pages: readonly string[]) => {
  const count = Math.ceil(pages.length / PAGES_PER_JOURNEY);
  const size = Math.ceil(pages.length / count);
  return Array.from({ length: count }, (_, i) => pages.slice(i * size, (i + 1) * size));
};

/**
 * What the pages of one entity need, made through the API as a console would: a gateway (its
 * overview, a configuration form and its routing table), a device group with it, a configuration
 * template, and the demo's own users and tenant. Returns the pages and how to remove what it made.
 */
async function entityPages(request: APIRequestContext, baseURL: string) {
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const tid = `?tid=${owner.tenantId}`;
  const fleet = new SimFleet(request, baseURL, owner);
  const tag = crypto.randomUUID().slice(0, 6);
  const made: string[] = [];
  try {
    const gateway = await fleet.add({ name: `e2e-a11y-gw-${tag}`, kind: 'gateway' });
    const group = (await (await request.post(`/api/v1/network/list/${tid}`, { headers: auth, data: { name: `e2e a11y ${tag}` } })).json()) as { id: string };
    made.push(`/api/v1/network/${group.id}/${tid}`);
    await request.put(`/api/v1/network/${group.id}/devices/${tid}`, { headers: auth, data: { device_ids: [gateway.id] } });
    const template = (await (await request.post(`/api/v1/template/config/${tid}`, { headers: auth, data: { name: `e2e a11y ${tag}` } })).json()) as {
      id: string;
    };
    made.push(`/api/v1/template/config/${template.id}/${tid}`);
    const users = (await (await request.get(`/api/v1/teams/users/${tid}&page_size=0`, { headers: auth })).json()) as { results: { id: string }[] };
    const pages = {
      owner: [
        `/sdwan/device/configure/status/deviceoverview/device-interfaces?device=${gateway.id}`,
        `/sdwan/device/configure/staticroutes?device=${gateway.id}`,
        // A settings form (the BGP speaker) and a monitor tab of the new families, with a gateway chosen.
        `/sdwan/device/configure/bgp?device=${gateway.id}`,
        `/sdwan/device/status/sdwanstatus/qos?device=${gateway.id}`,
        `/sdwan/device/status/network/routes?device=${gateway.id}`,
        `/sdwan/device/status/alarms/wan?device=${gateway.id}`,
        `/sdwan/network/${group.id}`,
        `/sdwan/organization/configtemp/${template.id}`,
        `/sdwan/organization/configtemp/configtempedit/staticroutes?template=${template.id}`,
        `/sdwan/teams/users/details/${users.results[0]!.id}`,
      ],
      superAdmin: [`/superAdmin/tenant/${owner.tenantId}/monitor`],
    };
    return { pages, remove: () => removeAll(request, auth, made, fleet) };
  } catch (e) {
    await removeAll(request, auth, made, fleet);
    throw e;
  }
}

async function removeAll(request: APIRequestContext, auth: Record<string, string>, made: string[], fleet: SimFleet) {
  for (const url of made.reverse()) await request.delete(url, { headers: auth });
  await fleet.remove();
}

const report = (findings: Finding[]) => findings.map((f) => `${f.impact} ${f.rule} on ${f.page} (${f.scheme}): ${f.targets.join(' | ')}`);

test.describe.configure({ mode: 'parallel' });

for (const section of Object.keys(SECTIONS) as Section[]) {
  const parts = partsOf(SECTIONS[section]);
  for (const [i, pages] of parts.entries()) {
    const part = parts.length > 1 ? ` (part ${i + 1} of ${parts.length})` : '';
    test(`${section} pages${part} have no serious or critical accessibility violation, in either colour scheme`, async ({ browser, baseURL }) => {
      const findings = await scanPages(browser, baseURL!, pages, loginOf(section));
      expect(report(findings)).toEqual([]);
    });
  }
}

for (const [section, { subscriptions, pages }] of Object.entries(SUBSCRIBED_SECTIONS)) {
  test(`${section} pages have no serious or critical accessibility violation, in either colour scheme`, async ({ browser, baseURL, request }) => {
    const owner = await ownerApi(request, demo.owner);
    const restores: (() => Promise<void>)[] = [];
    try {
      for (const s of subscriptions) restores.unshift(await grantSubscription(request, owner.tenantId, s));
      expect(report(await scanPages(browser, baseURL!, pages, demo.owner))).toEqual([]);
    } finally {
      for (const restore of restores) await restore();
    }
  });
}

test(`pages of one gateway, device group, template, user and tenant have no serious or critical accessibility violation, in either colour scheme`, async ({
  browser,
  baseURL,
  request,
}) => {
  // Two sign-ins and a dozen pages in two schemes, beside other journeys: it took two minutes on a busy two-core machine.
  test.slow();
  const { pages, remove } = await entityPages(request, baseURL!);
  try {
    const findings = [
      ...(await scanPages(browser, baseURL!, pages.owner, demo.owner)),
      ...(await scanPages(browser, baseURL!, pages.superAdmin, demo.superAdmin)),
    ];
    expect(report(findings)).toEqual([]);
  } finally {
    await remove();
  }
});
