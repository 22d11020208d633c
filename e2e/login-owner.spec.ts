import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('an owner logs in and lands on the dashboard of the active product', async ({ page }) => {
  await logIn(page, demo.owner);

  // Acme subscribes to SD-WAN, ZTNA, QShield, RUM and DEM without the VPN dashboard flag: SD-WAN is the default.
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'SD-WAN Dashboard' })).toBeVisible();
  // Its fleet shows, empty or not: journeys beside this one enrol gateways into Acme.
  await expect(page.getByText('No Devices Configured').or(page.getByText('Total Devices')).first()).toBeVisible();
  await expect(page.getByText('Tenant: Acme')).toBeVisible();

  // Shell: dashboard switcher lists exactly the subscribed products.
  await page.getByRole('button', { name: 'Switch dashboard' }).click();
  await expect(page.getByRole('menuitem', { name: 'SD-WAN' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Zero Trust' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'QShield' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'RUM' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'DEM' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'IoT Gateway' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Zero Trust' }).click();
  await expect(page).toHaveURL(/\/ztna\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Zero Trust Dashboard' })).toBeVisible();

  // A product without subscription sends the user back with the catalogue's message.
  await page.goto('/iot-gateway/dashboard');
  await expect(page.getByText("You don't have subscription to use IOT-GATEWAY dashboard")).toBeVisible();
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

  // The session survives a reload through the refresh cookie, and "/" leads back to the console.
  await page.goto('/');
  await expect(page).toHaveURL(/\/(sdwan|ztna)\/dashboard$/);
});
