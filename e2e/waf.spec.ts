import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test("an owner onboards an application on a WAF edge, raises its paranoia level with an exclusion and sees the revision and its changes; the edge's attack reaches the dashboard and the attack list, whose 'Exclude this rule for this path' opens the policy with the exclusion pre-filled", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  // The demo's Acme holds QShield beside SD-WAN and ZTNA.
  const fleet = new SimFleet(request, baseURL!, owner);
  try {
    await journey();
  } finally {
    await fleet.remove();
  }

  async function journey() {
    // Names of their own, so a retry never meets the first attempt's leftovers.
    const tag = crypto.randomUUID().slice(0, 6);
    const name = `shop-${tag}`;
    const domain = `shop-${tag}.example.com`;
    // A WAF edge of the organisation's own, speaking the agent protocol as the nginx + ModSecurity edge does.
    const edge = await fleet.add({ name: `edge-${tag}`, kind: 'gateway', deviceType: 'waf-edge', publicIp: '203.0.113.80' });

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
    await form.getByRole('combobox', { name: 'Edges' }).click();
    await page.getByRole('option', { name: `edge-${tag}` }).click();
    await page.keyboard.press('Escape');
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

    // The new revision reaches the edge through the configuration engine, which confirms it.
    await expect(page.getByRole('main').getByText(`edge-${tag}`, { exact: true }).locator('xpath=..')).toContainText('Synced');

    // The edge blocks an SQL injection on the search page and logs it, with the request.
    const at = new Date().toISOString();
    const path = "/search?q=1'%20OR%201=1";
    edge.reportWafEvents({
      requests: [
        {
          at,
          application_id: app.id,
          request_id: `req-${tag}`,
          host: domain,
          client_ip: '198.51.100.7',
          method: 'GET',
          path,
          status: 403,
          bytes: 512,
          elapsed_ms: 3,
          user_agent: 'curl/8.5.0',
        },
      ],
      attacks: [
        {
          at,
          application_id: app.id,
          request_id: `req-${tag}`,
          host: domain,
          client_ip: '198.51.100.7',
          method: 'GET',
          path,
          status: 403,
          action: 'blocked',
          anomaly_score: 10,
          rules: [
            {
              id: 942100,
              message: 'SQL Injection Attack Detected via libinjection',
              data: "Matched Data: s&1 found within ARGS:q: 1' OR 1=1",
              tags: ['attack-sqli'],
              severity: 2,
            },
            { id: 949110, message: 'Inbound Anomaly Score Exceeded (Total Score: 10)', data: '', tags: [], severity: null },
          ],
          user_agent: 'curl/8.5.0',
        },
      ],
    });
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/v1/waap/events/attacks/?tenant_id=${owner.tenantId}&application_id=${app.id}`, { headers: auth })).json()) as {
              count: number;
            }
          ).count,
      )
      .toBe(1);

    // The dashboard counts it (its application's: other journeys' POPs report for the same organisation); the attack list shows it with the rules it matched.
    await page.goto(`/waf/dashboard?application=${app.id}`);
    await expect(page.getByRole('heading', { name: 'Backend WAF', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Blocked', { exact: true })).toContainText('1');
    await expect(page.getByText('Attacks over time')).toBeVisible();

    // The weakness it probed, on its path: blocked at the edge.
    await page.goto(`/waf/events/vulnerabilities?application=${app.id}`);
    const probed = page.getByRole('row', { name: /SQL injection/ });
    await expect(probed).toContainText('/search');
    await expect(probed).toContainText('Blocked at the edge');

    await page.goto(`/waf/events/attacks?application=${app.id}`);
    const attacks = page.getByTestId('waf-attacks-table');
    await expect(attacks).toContainText(domain);
    await expect(attacks).toContainText('942100, 949110');
    await attacks.getByRole('button', { name: 'View', exact: true }).first().click();
    const detail = page.getByRole('dialog', { name: 'Attack' });
    await expect(detail.getByRole('table', { name: 'Rules matched' })).toContainText('SQL Injection Attack Detected via libinjection');

    // A false positive is one click from its exclusion: the policy opens with it pre-filled.
    await detail.getByRole('link', { name: 'Exclude this rule for this path' }).click();
    const prefilled = page.getByRole('dialog', { name: 'Add exclusion' });
    await expect(prefilled.getByRole('textbox', { name: 'Rule id' })).toHaveValue('942100');
    await expect(prefilled.getByRole('textbox', { name: 'Path (optional)' })).toHaveValue('/search');
    await expect(prefilled.getByRole('textbox', { name: 'Parameter (optional)' })).toHaveValue('q');
  }
});
