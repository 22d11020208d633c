import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';
import { ownerApi, SimFleet } from './support/fleet';

const links = (wan1: 'up' | 'down') => [
  { name: 'WAN1', status: wan1, ifname: 'eth0', weight: 1 },
  { name: 'WAN2', status: 'up' as const, ifname: 'eth1', weight: 1 },
];

test('a WAN link of a gateway goes down: the bell rings within seconds, the WAN alarms list it, and it recovers', async ({ page, request, baseURL }) => {
  const fleet = new SimFleet(request, baseURL!, await ownerApi(request, demo.owner));
  try {
    const gateway = await fleet.add({ name: 'e2e-alarm-gw', kind: 'gateway', wan: links('up') });
    await logIn(page, demo.owner);
    await expect(page).toHaveURL(/\/sdwan\/dashboard$/);

    // Whatever rang before this journey is marked read, so the count is this journey's.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    const markAll = page.getByRole('button', { name: 'Mark all read' });
    if (await markAll.isEnabled()) await markAll.click();
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await bell.click();

    // Journeys side by side share the owner's bell: the count is any, the entry is this gateway's.
    const ringing = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    gateway.setWan(links('down'));
    await expect(ringing).toBeVisible({ timeout: 10_000 });
    await ringing.click();
    await page.getByRole('button', { name: 'Alerting Major e2e-alarm-gw WAN WAN1 down' }).click();

    // The entry leads to the gateway's WAN alarms.
    await expect(page).toHaveURL(new RegExp(`/sdwan/device/status/alarms/wan\\?device=${gateway.id}$`));
    const table = page.getByRole('table', { name: 'WAN Alarms' });
    await expect(table.getByRole('row', { name: /Alerting.*WAN1/ })).toBeVisible();

    // Back up: an OK row on top, and the bell counts it.
    gateway.setWan(links('up'));
    await expect(ringing).toBeVisible({ timeout: 10_000 });
    await ringing.click();
    await expect(page.getByRole('button', { name: /^OK .*e2e-alarm-gw WAN WAN1/ }).first()).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('OK');
    await expect(table.getByRole('row', { name: /OK.*WAN1/ })).toBeVisible();
  } finally {
    await fleet.remove();
  }
});
