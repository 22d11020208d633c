import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import * as mupdf from 'mupdf';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

const wan = [{ name: 'WAN1', status: 'up' as const, ifname: 'eth0', weight: 1 }];

test("an owner generates the fleet inventory as PDF, downloads it, and its first page shows the fleet's figures", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const owner = await ownerApi(request, demo.owner);
  const fleet = new SimFleet(request, baseURL!, owner);
  try {
    await fleet.add({ name: 'e2e-report-paris', kind: 'gateway', wan });
    await fleet.add({ name: 'e2e-report-lyon', kind: 'gateway', wan });
    const gone = await fleet.add({ name: 'e2e-report-nice', kind: 'gateway', wan });

    // The fleet as the console's device list tells it: the figures the report must show.
    const auth = { Authorization: `Bearer ${owner.access}` };
    const statusOf = async (name: string) => {
      const res = await request.get(`/api/v1/device/list/?tid=${owner.tenantId}&type=device&page_size=0`, { headers: auth });
      return ((await res.json()) as { results: { name: string; currentStatus: string }[] }).results.find((d) => d.name === name)?.currentStatus;
    };
    // All three seen running, then one leaves: two online, one offline.
    for (const name of ['e2e-report-paris', 'e2e-report-lyon', 'e2e-report-nice']) await expect.poll(() => statusOf(name)).toBe('running');
    await gone.goodbye();
    await expect.poll(() => statusOf('e2e-report-nice')).not.toBe('running');
    const list = await request.get(`/api/v1/device/list/?tid=${owner.tenantId}&type=device&page_size=0`, { headers: auth });
    const devices = ((await list.json()) as { results: { name: string; currentStatus: string }[] }).results;
    // Shown online: the statuses the console draws green (spec's device status rules).
    const online = devices.filter((d) => ['running', 'modified', 'connected', 'online'].includes(d.currentStatus)).length;
    const registered = devices.filter((d) => d.currentStatus === 'registered').length;
    const offline = devices.length - online - registered;
    expect(devices.length).toBeGreaterThanOrEqual(3);

    await logIn(page, demo.owner);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Organization', { exact: true }).click();
    await menu.getByRole('link', { name: 'Report generation' }).click();
    await expect(page).toHaveURL(/\/sdwan\/organization\/systemtools\/reportGeneration$/);
    await expect(page.getByRole('heading', { name: 'Report generation' })).toBeVisible();

    // Fleet inventory, PDF, the last 7 days: the form's defaults, chosen again as a user would.
    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Fleet inventory and status' }).click();
    await page.getByText('PDF', { exact: true }).click();
    await page.getByText('Last 7 days').click();
    await page.getByRole('button', { name: 'Generate' }).click();

    const row = page.getByRole('row', { name: /Fleet inventory and status/ }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Queued|Running|Done/);
    await expect(row).toContainText('Done', { timeout: 60_000 });
    await expect(row).toContainText('Kept until');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const first = doc.loadPage(0);
    const png = first.toPixmap(mupdf.Matrix.scale(1.5, 1.5), mupdf.ColorSpace.DeviceRGB).asPNG();
    await testInfo.attach('report page 1', { body: Buffer.from(png), contentType: 'image/png' });
    await writeFile('/tmp/report-e2e.png', png);

    const text = first.toStructuredText('preserve-whitespace').asText();
    await testInfo.attach('report page 1 text', { body: text, contentType: 'text/plain' });
    expect(text).toContain('Fleet inventory and status');
    // Each figure is drawn as its value over its label; the status chart's legend counts them again.
    expect(text).toMatch(new RegExp(`\\b${devices.length}\\s+Total devices`));
    expect(text).toMatch(new RegExp(`\\b${online}\\s+Online\\s+${offline}\\s+Offline`));
    expect(text).toContain(`Online: ${online}`);
    expect(text).toContain(`Offline: ${offline}`);
    // The device table follows on the next pages: every gateway of the tenant is listed.
    const rest = Array.from({ length: doc.countPages() - 1 }, (_, i) =>
      doc
        .loadPage(i + 1)
        .toStructuredText('preserve-whitespace')
        .asText(),
    ).join('\n');
    for (const d of devices) expect(rest).toContain(d.name);
  } finally {
    await fleet.remove();
  }
});
