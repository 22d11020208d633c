import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { grantSubscription, ownerApi } from './support/fleet';
import { startSimulator, type RunningSimulator } from './support/simulator';

test("an owner monitors a SaaS application: the simulated ZTNA endpoints test it, its score arrives on the DEM overview, a laptop on weak Wi-Fi is named as affected by Wi-Fi, and the application's detail shows its timings and latest results", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const q = `?tenant_id=${owner.tenantId}`;
  // DEM is a subscription of its own: the super admin grants it to Acme for the journey, and takes it back after.
  const restoreSubscriptions = await grantSubscription(request, owner.tenantId, 'dem');

  // Names of their own, so a retry never meets the first attempt's leftovers.
  const tag = crypto.randomUUID().slice(0, 6);
  const name = `crm-${tag}`;
  const ana = `ana-${tag}@dem-e2e.test`;
  const bo = `bo-${tag}@dem-e2e.test`;
  const sims: RunningSimulator[] = [];
  try {
    await journey();
  } finally {
    for (const sim of sims) sim.stop();
    for (const id of sims.flatMap((sim) => sim.enrolled)) await request.post(`/api/v1/device/${id}/unclaim/`, { headers: auth, data: {} });
    const apps = (await (await request.get(`/api/v1/dem/applications/${q}&page_size=0`, { headers: auth })).json().catch(() => ({ results: [] }))) as {
      results: { id: string; name: string }[];
    };
    for (const a of apps.results.filter((a) => a.name === name)) await request.delete(`/api/v1/dem/applications/${a.id}/${q}`, { headers: auth });
    await restoreSubscriptions();
  }

  async function journey() {
    // Two laptops of the organisation: Ana's far from the access point, Bo's close to it. Their
    // tests run every 5 s and are reported as often, so the journey need not wait out an interval.
    const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
    const simulator = startSimulator(baseURL!, key, [
      ...['--gateways', '0', '--endpoints', '2', '--endpoint-user', ana, '--endpoint-wifi=-88', '--endpoint-user', bo, '--endpoint-wifi=-45'],
      ...['--dem-interval', '2', '--dem-every', '5', '--flow-interval', '0', '--url-interval', '0', '--ztna-interval', '0'],
      ...['--seed', String(parseInt(tag, 16)), '--email-domain', `dem-${tag}.test`],
    ]);
    sims.push(simulator);
    await expect.poll(() => simulator.enrolled.length, { timeout: 30_000 }).toBe(2);

    await logIn(page, demo.owner);
    await page.goto('/dem/organization/applications');
    await expect(page.getByRole('heading', { name: 'Monitored applications', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Monitor an application' }).click();
    const form = page.getByRole('dialog', { name: 'Monitor an application' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: /^URL/ }).fill(`https://${name}.example.com/`);
    await form.getByRole('combobox', { name: 'Interval' }).click();
    await page.getByRole('option', { name: 'Every minute' }).click();
    // Any score under 90 counts its user as affected: the weak Wi-Fi shows at once.
    await form.getByRole('textbox', { name: 'Alarm under score' }).fill('90');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Monitored applications' }).getByRole('row', { name: new RegExp(name) })).toContainText('Every minute');

    // The overview: the endpoints' results arrive and the application gets a score (the page reads again every 30 s).
    await page.goto('/dem/dashboard');
    await expect(page.getByRole('heading', { name: 'Digital Experience', level: 1 })).toBeVisible({ timeout: 30_000 });
    const row = page.getByRole('table', { name: 'Application scores' }).getByRole('row', { name: new RegExp(name) });
    await expect(row.getByLabel(/^Score \d+$/)).toBeVisible({ timeout: 90_000 });
    // Ana, on -88 dBm, is affected now, and the page says it is her Wi-Fi.
    const anaRow = page.getByRole('table', { name: 'Users affected now' }).getByRole('row', { name: new RegExp(ana) });
    await expect(anaRow).toBeVisible({ timeout: 60_000 });
    await expect(anaRow).toContainText('Wi-Fi');

    // The application's detail: its score, what degrades it, its charts and the latest results.
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/dem\/applications\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Application score').getByLabel(/^Score \d+$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'What degrades it' })).toContainText('The slowest part is');
    for (const title of ['Score over time', 'Page timings', 'Network latency', 'Wi-Fi signal (dBm)'])
      await expect(page.getByRole('img', { name: title })).toBeVisible();
    const results = page.getByRole('table', { name: 'Latest test results' });
    await expect(results.getByRole('row', { name: new RegExp(ana) }).first()).toBeVisible();
    await expect(results.getByRole('row', { name: new RegExp(bo) }).first()).toBeVisible();

    // By user: each laptop's user has a score of their own.
    await page.goto('/dem/scores/user');
    const byUser = page.getByRole('table', { name: 'Scores by user' });
    await expect(byUser.getByRole('row', { name: new RegExp(ana) })).toBeVisible({ timeout: 30_000 });
    await expect(byUser.getByRole('row', { name: new RegExp(bo) })).toBeVisible();

    // Ana's poor experience raised an alarm (the bell's and the channels'), listed with its cause.
    await page.goto('/dem/alarms');
    const alarm = page.getByRole('table', { name: 'DEM alarms' }).getByRole('row').filter({ hasText: ana }).filter({ hasText: 'Alerting' }).first();
    await expect(alarm).toBeVisible({ timeout: 30_000 });
    await expect(alarm).toContainText(name);
    await expect(alarm).toContainText('Wi-Fi');
  }
});
