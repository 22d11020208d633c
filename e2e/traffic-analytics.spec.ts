import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { startSimulator } from './support/simulator';
import { readFile } from 'node:fs/promises';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';
import { DASHBOARD_LOAD_TIMEOUT } from './support/map';

/** The nine charts of the dashboards' top-traffic panel, as the chart select names them. */
const CHARTS = [
  'Top Sites',
  'Top Applications',
  'Top Talkers',
  'Top Sources',
  'Top Destinations',
  'Top Source Countries',
  'Top Destination Countries',
  'Top User per Application',
  'Top Application per User',
];

interface TrafficAnswer {
  results: { key: string; label?: string; device_id?: string; value: number }[];
}

async function chooseOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Clicks the top bar of a chart. The bars are drawn on a canvas: the pointer goes down the chart
 * until ECharts shows the hand it shows over a clickable bar, then clicks there.
 */
async function clickTopBar(page: Page, chart: Locator) {
  const box = (await chart.boundingBox())!;
  const x = box.x + box.width * 0.3;
  for (let y = box.y + 2; y < box.y + box.height; y += 3) {
    await page.mouse.move(x, y);
    const cursor = await chart.evaluate((el) => (el.querySelector('div') as HTMLElement | null)?.style.cursor ?? '');
    if (cursor === 'pointer') {
      await page.mouse.click(x, y);
      return;
    }
  }
  throw new Error('no bar under the pointer');
}

const post = async (request: APIRequestContext, auth: Record<string, string>, path: string, data: object): Promise<TrafficAnswer> => {
  const res = await request.post(`/api/v1/${path}`, { headers: auth, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as TrafficAnswer;
};

test("the dashboards' top-traffic panel draws every chart from the simulated fleet's flows, drills into a bar, and a gateway's netflow page ranks its talkers with CSV", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
  // Usage Graph on, URL Stats off: the dashboards show the top-traffic panel (spec 000 §2.7).
  const saved = await request.post('/api/v1/tenant/config/config-preference/', { headers: auth, data: { dashboard: { netflow: true, url_stats: false } } });
  expect(saved.ok(), await saved.text()).toBe(true);

  // The real simulator: two gateways and two endpoints of the demo tenant, exporting flows every 2 s.
  const simulator = startSimulator(baseURL!, key, [
    '--gateways',
    '2',
    '--endpoints',
    '2',
    '--flow-interval',
    '2',
    '--seed',
    '23',
    '--email-domain',
    'e2e-traffic.test',
  ]);
  const { enrolled } = simulator;
  const body = { timeduration: 60, top_count: 10, tenant_id: owner.tenantId, network_id: '' };
  try {
    await expect.poll(() => enrolled.length, { timeout: 30_000 }).toBe(4);
    // The gateways' flows have reached the rollups once the tenant has a top application.
    await expect.poll(async () => (await post(request, auth, 'sdwan/netflow/top-applications/', body)).results.length, { timeout: 60_000 }).toBeGreaterThan(0);

    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
    const panel = page.locator('[data-tour="top-traffic"]');
    // The dashboard after sign-in, a full load: the panel comes once the console has booted and read the tenant's preferences.
    await expect(panel).toBeVisible({ timeout: DASHBOARD_LOAD_TIMEOUT });
    // Top Applications over the last 24 hours by default: the applications the API ranks, largest
    // first. (Flows keep arriving, so two close applications may swap between the API's answer and
    // the chart's: the chart is checked as a ranking of the same applications, not a snapshot.)
    const apps = await post(request, auth, 'sdwan/netflow/top-applications/', { ...body, timeduration: 1440 });
    const topApps = panel.getByRole('img', { name: /^Top Applications: / });
    await expect(topApps).toHaveAttribute('aria-label', /^Top Applications: .+ MB/);
    const label = (await topApps.getAttribute('aria-label'))!;
    const UNIT: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };
    const bars = [...label.replace(/^Top Applications: /, '').matchAll(/(?:^|, )(.+?) ([\d.]+) (T?G?M?K?B)\b/g)].map((m) => ({
      key: m[1]!,
      bytes: Number(m[2]) * UNIT[m[3]!]!,
    }));
    const rankedBars = bars.filter((b) => b.key !== 'Other');
    expect(rankedBars.map((b) => b.bytes)).toEqual([...rankedBars.map((b) => b.bytes)].sort((a, b) => b - a));
    expect(rankedBars.map((b) => b.key)).toContain(apps.results[0]!.key);

    // Each chart draws bars from the flows, none says there is no data; then each range.
    const chartSelect = panel.getByRole('combobox', { name: 'Chart' });
    for (const chart of CHARTS) {
      await chooseOption(page, chartSelect, chart);
      await expect(panel.getByRole('img', { name: new RegExp(`^${chart}: .+ MB`) })).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByText('No data available yet!')).toHaveCount(0);
    }
    const rangeSelect = panel.getByRole('combobox', { name: 'Time range' });
    for (const range of ['Last 1 hr', 'Last 1 week', 'Last 24 hrs']) {
      await chooseOption(page, rangeSelect, range);
      await expect(page).toHaveURL(new RegExp(`traffic_range=${{ 'Last 1 hr': 60, 'Last 1 week': 10080, 'Last 24 hrs': 1440 }[range]}`));
      await expect(panel.getByRole('img', { name: /^Top Application per User: .+ MB/ })).toBeVisible({ timeout: 20_000 });
    }

    // Drill-down: the top bar of Top Applications opens its flows.
    await chooseOption(page, chartSelect, 'Top Applications');
    const chart = panel.getByRole('img', { name: /^Top Applications: / });
    await expect(chart).toBeVisible();
    await clickTopBar(page, chart);
    const dialog = page.getByRole('dialog', { name: /^Flows · Top Applications: / });
    await expect(dialog).toBeVisible();
    const flows = dialog.getByRole('table', { name: 'Flows' });
    await expect(flows.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    const application = (await dialog.getByRole('heading').first().textContent())!.replace(/^Flows · Top Applications: /, '').replace(/, Last 24 hrs$/, '');
    // Every flow listed is of the bar's application (read again until the table has drawn every row: a row being drawn has no cells yet).
    const applicationsListed = async () => [
      ...new Set(await flows.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => r.children[8]?.textContent ?? ''))),
    ];
    await expect.poll(applicationsListed).toEqual([application]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The ZTNA dashboard ranks the endpoints' traffic the same way.
    await expect.poll(async () => (await post(request, auth, 'ztna/netflow/top-applications/', body)).results.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.goto('/ztna/dashboard');
    // A full load boots the console and draws the map (software WebGL) beside the panel: on a loaded CI machine, over 20 s.
    await expect(page.locator('[data-tour="top-traffic"]').getByRole('img', { name: /^Top Applications: .+ MB/ })).toBeVisible({
      timeout: DASHBOARD_LOAD_TIMEOUT,
    });

    // A gateway's netflow page: the hosts behind it, ranked, as CSV too.
    const talkers = await post(request, auth, 'sdwan/netflow/top-talkers/', { ...body, timeduration: 1440 });
    const gateway = talkers.results.find((r) => r.device_id)!.device_id!;
    const hosts = await post(request, auth, `sdwan/netflow/device/${gateway}/top-talkers/`, { ...body, timeduration: 1440 });
    const topHost = hosts.results[0]!.key;
    await page.goto(`/sdwan/device/status/netflow/topTalkers?device=${gateway}`);
    await expect(page.getByRole('tab', { name: 'Top Talkers', selected: true })).toBeVisible();
    const ranked = page.getByRole('table', { name: 'Ranked traffic' });
    await expect(ranked.getByRole('row', { name: new RegExp(topHost.replace(/\./g, '\\.')) }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: 'Top Talkers over time' })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('topTalkers.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split(/\r?\n/);
    expect(lines[0]).toBe('Host,Total bytes,Share,Bytes sent,Bytes received,Packets,Flows');
    expect(lines.some((l) => l.startsWith(`${topHost},`))).toBe(true);

    // The same page points a router's own NetFlow / IPFIX export at this gateway: its exporter address is kept.
    const exporter = page.getByRole('textbox', { name: 'Flow exporter address' });
    // One address feeds one device across all tenants: one of its own for this run (and a retry).
    const address = `10.${100 + Math.floor(Math.random() * 100)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    await exporter.fill('10.0.0.300');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('An IPv4 or IPv6 address, e.g. 10.0.0.1 or 2001:db8::1')).toBeVisible();
    await exporter.fill(address);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Flow exporter address' })).toHaveValue(address);
  } finally {
    simulator.stop();
    for (const id of enrolled) await request.post(`/api/v1/device/${id}/unclaim/`, { headers: auth, data: {} });
  }
});
