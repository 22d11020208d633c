import { expect, test, type BrowserContext } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

test('an editor builds a template with a variable, gives it to a device group, previews the diff and watches the push reach all synced', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A long journey (two browsers, a group of simulated gateways, a push to each): on a busy machine it needs more than the default minute.
  test.slow();
  const owner = await ownerApi(request, demo.owner);
  const auth = { Authorization: `Bearer ${owner.access}` };
  const fleet = new SimFleet(request, baseURL!, owner);
  let groupId = '';
  // Names of their own, so a retry after a failure never meets the first attempt's leftovers.
  const tag = crypto.randomUUID().slice(0, 6);
  const template = `e2e branch ${tag}`;
  const groupName = `e2e branches ${tag}`;
  let viewerContext: BrowserContext | undefined;
  try {
    const gateways = [await fleet.add({ name: 'e2e-tpl-gw-1', kind: 'gateway' }), await fleet.add({ name: 'e2e-tpl-gw-2', kind: 'gateway' })];
    const group = await request.post(`/api/v1/network/list/?tid=${owner.tenantId}`, { headers: auth, data: { name: groupName } });
    groupId = String(((await group.json()) as { id: string }).id);
    await request.put(`/api/v1/network/${groupId}/devices/?tid=${owner.tenantId}`, { headers: auth, data: { device_ids: gateways.map((g) => g.id) } });

    await logIn(page, demo.editor);
    await page.goto('/sdwan/organization/configtemp');
    await page.getByRole('button', { name: 'Create config template' }).first().click();
    await page.getByRole('dialog').getByLabel('Name').fill(template);
    await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('heading', { name: `Config Template: ${template}` })).toBeVisible();

    // A route to the site's own network: its second octet is the {{site}} variable.
    await page.getByTestId('template-family-staticroutes').getByRole('link', { name: 'Static Routes' }).click();
    await expect(page.getByText(`Template: ${template}`)).toBeVisible();
    await page.getByRole('button', { name: 'Add static route' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('to-site');
    await dialog.getByLabel('Destination').fill('10.{{site}}.0.0/16');
    await dialog.getByPlaceholder('x.x.x.x', { exact: true }).fill('192.168.1.254');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Static route added successfully')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Static routes' })).toContainText('10.{{site}}.0.0/16');

    await page.goBack();
    await page.getByRole('tab', { name: 'Variables' }).click();
    await page.getByLabel('Default of site').fill('20');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await expect(page.getByText('Defaults edited successfully')).toBeVisible();

    // The group gets the template: both gateways are pushed, and the progress reaches all synced.
    await page.getByRole('tab', { name: 'Device groups' }).click();
    // The switch waits for the group's current templates before it takes a click: a click dispatched before is lost.
    const uses = page.getByRole('switch', { name: `${groupName} uses this template` });
    await expect(uses).toBeEnabled();
    await uses.dispatchEvent('click');
    const progress = page.getByTestId('operation-progress');
    await expect(progress.getByTestId('operation-synced')).toHaveText('Synced: 2');
    await expect(progress).toContainText('Done');

    // Editing the template pushes nothing: the preview says who would change and shows the rendered diff.
    await page.getByRole('tab', { name: 'Variables' }).click();
    // The first save's toast has gone (3 s), so the one seen next is this save's.
    await expect(page.getByText('Defaults edited successfully')).toHaveCount(0);
    await page.getByLabel('Default of site').fill('30');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await expect(page.getByText('Defaults edited successfully')).toBeVisible();
    await page.getByRole('tab', { name: 'Preview and apply' }).click();
    await expect(page.getByTestId('template-preview-summary')).toContainText('2 devices would change');
    await page
      .getByRole('table', { name: 'Devices using the template' })
      .getByRole('row', { name: /e2e-tpl-gw-1/ })
      .getByRole('button', { name: 'View' })
      .click();
    const diff = page.getByRole('table', { name: 'Configuration differences' });
    await expect(diff).toContainText('Static Routes › to-site › destination');
    await expect(diff).toContainText('10.20.0.0/16');
    await expect(diff).toContainText('10.30.0.0/16');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Template applied')).toBeVisible();
    await expect(progress.getByTestId('operation-synced')).toHaveText('Synced: 2');
    await expect(progress).toContainText(`Template ${template} applied`);

    // The gateway's own page shows where its routes come from, synced.
    await page.goto(`/sdwan/device/configure/staticroutes?device=${gateways[0]!.id}`);
    await expect(page.getByText(`From template ${template}`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Static routes' })).toContainText('10.30.0.0/16');
    await expect(page.getByTestId('config-sync')).toContainText('Synced');

    // A viewer reads the template and the family pages but changes nothing.
    // A context of its own, closed at the end: left open, its page would keep polling through the next journeys.
    viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await logIn(viewer, demo.viewer);
    await viewer.goto('/sdwan/organization/configtemp');
    await expect(viewer.getByRole('table', { name: 'Config templates' })).toContainText(template);
    await expect(viewer.getByRole('button', { name: 'Create config template' })).toHaveCount(0);
    await viewer.goto(`/sdwan/device/configure/staticroutes?device=${gateways[0]!.id}`);
    await expect(viewer.getByRole('table', { name: 'Static routes' })).toContainText('to-site');
    await expect(viewer.getByRole('button', { name: 'Add static route' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  } finally {
    await viewerContext?.close();
    const list = await request.get(`/api/v1/template/config/?tid=${owner.tenantId}&page_size=0`, { headers: auth });
    for (const t of ((await list.json()) as { results: { id: string; name: string }[] }).results.filter((x) => x.name.startsWith('e2e'))) {
      await request.delete(`/api/v1/template/config/${t.id}/?tid=${owner.tenantId}`, { headers: auth });
    }
    if (groupId) await request.delete(`/api/v1/network/${groupId}/?tid=${owner.tenantId}`, { headers: auth });
    await fleet.remove();
  }
});
