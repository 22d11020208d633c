import { expect, test, type Page } from './support/test';
import { demo, logIn } from './support/demo';

/** Every page of the organisation area opens with its data and without the crash page. */
async function opens(page: Page, path: string, visible: RegExp | string) {
  await page.goto(path);
  await expect(page.getByText(visible).first()).toBeVisible();
  await expect(page.getByText('Something Went Wrong!')).toHaveCount(0);
  await expect(page.getByText('Oops! Something wrong')).toHaveCount(0);
}

test('an owner opens teams, groups, a user, logs, profile and organisation settings', async ({ page }) => {
  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await opens(page, '/sdwan/teams/users', 'viewer@acme.test');
  await page
    .getByRole('row', { name: /viewer@acme\.test/ })
    .getByRole('button')
    .last()
    .click();
  await page.getByRole('menuitem', { name: 'View details' }).click();
  await expect(page).toHaveURL(/\/teams\/users\/details\//);
  await expect(page.getByText('Something Went Wrong!')).toHaveCount(0);
  await opens(page, '/sdwan/teams/groups', /groups/i);
  await opens(page, '/sdwan/logs/login-logs', 'owner@acme.test');
  await opens(page, '/sdwan/logs/activity-logs', 'Who did what, when and from where');
  await expect(page.getByRole('textbox', { name: /search/i })).toHaveCount(1);
  await opens(page, '/settings/profile', /time zone|timezone/i);
  await page
    .getByRole('button', { name: /set up|turn on|enable/i })
    .first()
    .click();
  await expect(page.getByRole('img', { name: 'QR code of the two-factor setup link' })).toBeVisible();
  await opens(page, '/settings/organisation', /organisation/i);
});

test('a super admin opens the customers list and a tenant monitor', async ({ page }) => {
  await logIn(page, demo.superAdmin);
  // Signed in only once the console has landed: a page opened before that finds no session.
  await expect(page).toHaveURL(/\/superAdmin\/tenant$/);
  await opens(page, '/superAdmin/customers', 'Acme');
  await opens(page, '/superAdmin/tenant', 'Globex');
  await page
    .getByRole('row', { name: /Globex/ })
    .getByRole('button')
    .last()
    .click();
  await page.getByRole('menuitem', { name: /monitor/i }).click();
  await expect(page).toHaveURL(/\/monitor$/);
  await expect(page.getByText('Globex').first()).toBeVisible();
  await expect(page.getByText('Something Went Wrong!')).toHaveCount(0);
});
