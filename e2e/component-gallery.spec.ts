import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';

// The dev-only gallery: the shared building blocks, driven in Chromium as a user would.
test('the data table searches, sorts, deletes after confirmation and downloads CSV', async ({ page }) => {
  await page.goto('/dev/gallery/?section=table');
  const table = page.getByTestId('gallery-data-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(25);

  await table.getByRole('textbox', { name: 'Search' }).fill('tokyo');
  await expect(rows.first()).toContainText('Tokyo');
  expect(await rows.count()).toBeLessThan(25);
  await table.getByRole('textbox', { name: 'Search' }).fill('no-such-device');
  await expect(table.getByText('No Matching Result(s).')).toBeVisible();
  await table.getByRole('button', { name: 'Clear Search', exact: true }).click();
  await expect(rows).toHaveCount(25);

  const nameHeader = table.getByRole('columnheader', { name: /Name/ });
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstAsc = await rows.first().innerText();
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).not.toHaveText(firstAsc);

  const victim = (await rows.first().locator('td').first().innerText()).trim();
  await rows.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(table.getByText(victim, { exact: true })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Device Details.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toContain('Device Name');
  expect(csv.split('\r\n')).toHaveLength(60);
});

test('the chip input adds valid values, refuses bad ones and keeps the valid part of a paste', async ({ page }) => {
  await page.goto('/dev/gallery/?section=inputs');
  const chips = page.getByTestId('gallery-chip-input');
  const field = chips.getByRole('textbox');
  await expect(chips.getByText('10.0.0.1')).toBeVisible();

  await field.fill('172.16.5.4');
  await field.press('Enter');
  await expect(chips.getByText('172.16.5.4')).toBeVisible();

  await field.fill('300.1.1.1');
  await field.press('Enter');
  await expect(chips.getByText('Should be in the format x.x.x.x')).toBeVisible();
  await field.fill('');

  await field.fill('10.0.0.1');
  await field.press(',');
  await expect(chips.getByText('Duplicate Value Found')).toBeVisible();
  await field.fill('');

  await field.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', '8.8.8.8; 1.1.1.1\nnot-an-ip, 9.9.9.9');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('You Have Pasted 1 Invalid IPs and 3 Valid IPs')).toBeVisible();
  for (const ip of ['8.8.8.8', '1.1.1.1', '9.9.9.9']) await expect(chips.getByText(ip, { exact: true })).toBeVisible();

  await chips.getByText('Clear All').click();
  await expect(chips.getByText('10.0.0.1')).toHaveCount(0);
});

test('the charts draw in the browser and a failing chart stays inside its own panel', async ({ page }) => {
  await page.goto('/dev/gallery/?section=charts');
  const canvases = page.locator('canvas');
  await expect(canvases.first()).toBeVisible();
  expect(await canvases.count()).toBeGreaterThanOrEqual(4);
  const painted = await canvases.first().evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    return data.some((v, i) => i % 4 === 3 && v > 0);
  });
  expect(painted).toBe(true);
  await expect(page.getByText('No Data').first()).toBeVisible();
  await expect(page.getByText('Chart unavailable').first()).toBeVisible();
});

test('the fleet map draws thousands of devices on the offline basemap and flags bad coordinates', async ({ page }) => {
  await page.goto('/dev/gallery/?section=map');
  const map = page.getByTestId('fleet-map').first();
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Invalid latitude or longitude values/).first()).toBeVisible();
  await expect(page.getByText('No Data Available').first()).toBeVisible();
});
