import { expect, test, type Browser, type Page } from './support/test';
import { demo, logIn } from './support/demo';

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email);
  return page;
}

test('a super admin posts an announcement for one tenant: its owner sees the marker appear live and reads it, another tenant never sees it', async ({
  browser,
}) => {
  // Three people sign in, each in their own browser context.
  const title = `Maintenance window ${Date.now()}`;
  const owner = await signedIn(browser, demo.owner);
  const globex = await signedIn(browser, demo.globexOwner);
  const admin = await signedIn(browser, demo.superAdmin);
  try {
    // The owner reads whatever was there before, so the marker is this journey's, then waits on the dashboard.
    await owner.goto('/announcements');
    await expect(owner.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
    await expect(owner.getByRole('link', { name: 'Announcements', exact: true })).toBeVisible();
    await owner.goto('/sdwan/dashboard');
    // The dashboard's first render, on a machine as busy as CI's, can take longer than a glance.
    await expect(owner.getByRole('link', { name: 'Announcements', exact: true })).toBeVisible({ timeout: 30_000 });

    // The super admin's header icon leads to where announcements are posted.
    await admin.getByRole('link', { name: 'Announcements', exact: true }).click();
    await expect(admin).toHaveURL(/\/superAdmin\/announcements$/);
    await admin.getByRole('button', { name: 'Add announcement' }).first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Text' }).fill('The gateways of Acme restart on Saturday at 02:00 UTC.');
    await dialog.getByText('Chosen tenants').click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Choose at least one tenant')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Tenants' }).click();
    await admin.getByRole('option', { name: 'Acme', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(admin.getByText('Announcement added successfully')).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Acme');
    await expect(row).toContainText('Live');

    // Acme's owner did nothing: the marker comes over the socket.
    await expect(owner.getByRole('link', { name: 'Announcements, 1 unread' })).toBeVisible({ timeout: 5_000 });
    await owner.getByRole('link', { name: 'Announcements, 1 unread' }).click();
    const card = owner.getByRole('listitem', { name: title });
    await expect(card).toContainText('The gateways of Acme restart on Saturday at 02:00 UTC.');
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    // Opening the page read it.
    await expect(owner.getByRole('link', { name: 'Announcements', exact: true })).toBeVisible();
    await owner.reload();
    await expect(owner.getByRole('listitem', { name: title })).toBeVisible();
    await expect(owner.getByRole('listitem', { name: title }).getByText('New', { exact: true })).toHaveCount(0);

    // Globex's owner: no marker, and not on the page.
    await expect(globex.getByRole('link', { name: 'Announcements', exact: true })).toBeVisible();
    await globex.goto('/announcements');
    await expect(globex.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
    await expect(globex.getByText('No New Announcements yet!')).toBeVisible();
    await expect(globex.getByText(title)).toHaveCount(0);
  } finally {
    for (const p of [owner, globex, admin]) await p.context().close();
  }
});
