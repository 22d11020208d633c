import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi } from './support/fleet';

test('an owner onboards an application behind QShield, raises its paranoia level with an exclusion, sees the new revision and its changes, and reads the dashboard and the attacks', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  // The demo's Acme holds SD-WAN and ZTNA: the super admin adds QShield for the journey, and takes it back after.
  const superAdmin = { Authorization: `Bearer ${(await ownerApi(request, demo.superAdmin)).access}` };
  const tenantPath = `/api/v1/tenant/${owner.tenantId}/`;
  const before = (await (await request.get(tenantPath, { headers: superAdmin })).json()) as { subscriptions: string[] };
  const subscribe = await request.put(tenantPath, { headers: superAdmin, data: { subscriptions: [...before.subscriptions, 'qshield'] } });
  expect(subscribe.ok(), await subscribe.text()).toBe(true);
  try {
    await journey();
  } finally {
    await request.put(tenantPath, { headers: superAdmin, data: { subscriptions: before.subscriptions } });
  }

  async function journey() {
    // Names of their own, so a retry never meets the first attempt's leftovers.
    const tag = crypto.randomUUID().slice(0, 6);
    const name = `shop-${tag}`;
    const domain = `shop-${tag}.example.com`;

    await logIn(page, demo.owner);
    await page.goto('/waf/organization/onboard');
    await expect(page.getByRole('heading', { name: 'Onboard', level: 1 })).toBeVisible();
    // The header's WAF selectors belong to QShield's pages.
    await expect(page.getByRole('combobox', { name: 'Select WAF device' })).toBeVisible();

    await page.getByRole('button', { name: 'Onboard application' }).click();
    const form = page.getByRole('dialog', { name: 'Onboard an application' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: /^Domains/ }).fill(domain);
    await form.getByRole('textbox', { name: /^Domains/ }).press('Enter');
    await form.getByRole('textbox', { name: 'Origin 1 URL' }).fill('http://10.20.0.5:8080');
    await form.getByText('Self-signed (lab)', { exact: true }).click();
    await form.getByRole('button', { name: 'Add', exact: true }).click();

    // A new application's next step is its DNS: the records to set and the check.
    const dns = page.getByRole('dialog', { name: `DNS of ${name}` });
    await expect(dns.getByRole('button', { name: 'Check DNS' })).toBeVisible();
    await dns.getByRole('button', { name: 'Check DNS' }).click();
    await expect(dns.getByLabel('DNS check result')).toContainText(domain);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Protected applications' })).toContainText(domain);

    const apps = (await (await request.get(`/api/v1/waap/domains/?tenant_id=${owner.tenantId}`, { headers: auth })).json()) as { id: string; name: string }[];
    const app = apps.find((a) => a.name === name)!;
    expect(app, 'the onboarded application is listed').toBeTruthy();

    // The policy: paranoia level 2 and an exclusion, saved as a new revision with a message.
    await page.goto(`/waf/organization/waf-policy?application=${app.id}`);
    await expect(page.getByText('Revision 1', { exact: true })).toBeVisible();
    const slider = page.getByRole('slider');
    await slider.focus();
    await slider.press('ArrowRight');
    await expect(page.getByTestId('paranoia-text')).toHaveText(/^Level 2/);
    await page.getByRole('button', { name: 'Add exclusion' }).click();
    const exclusion = page.getByRole('dialog', { name: 'Add exclusion' });
    await exclusion.getByRole('textbox', { name: 'Rule id' }).fill('942100');
    await exclusion.getByRole('textbox', { name: 'Path (optional)' }).fill('/search');
    await exclusion.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Exclusions' })).toContainText('Rule 942100');
    await page.getByRole('textbox', { name: 'What changed' }).fill('Paranoia 2, search box exclusion');
    await page.getByRole('button', { name: 'Save policy' }).click();

    await expect(page.getByText('Revision 2', { exact: true })).toBeVisible();
    const revisions = page.getByRole('table', { name: 'Policy revisions' });
    await expect(revisions.getByRole('row', { name: 'Revision 2' })).toContainText('Paranoia 2, search box exclusion');
    await revisions.getByRole('row', { name: 'Revision 1' }).getByRole('button', { name: 'Compare' }).click();
    const diff = page.getByRole('table', { name: 'Configuration differences' });
    await expect(diff).toContainText('paranoia_level');
    await expect(diff).toContainText('exclusions');

    // The analytics pages draw from what the edges report.
    await page.goto('/waf/dashboard');
    await expect(page.getByRole('heading', { name: 'Backend WAF', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Requests', { exact: true })).toBeVisible();
    await expect(page.getByText('Attacks over time')).toBeVisible();

    await page.goto('/waf/events/attacks');
    await expect(page.getByRole('heading', { name: 'Attacks', level: 1 })).toBeVisible();
    // The journeys' server runs no simulated fleet, so no edge reports attacks: the page says so.
    await expect(page.getByTestId('waf-attacks-table').getByRole('heading', { name: 'No attack in this window' })).toBeVisible();
  }
});
