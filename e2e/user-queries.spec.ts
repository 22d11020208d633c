import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

test('a visitor asks a question from the login page, and a super admin answers it in User Queries', async ({ page }) => {
  const subject = `Pricing for 40 gateways ${Date.now()}`;
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Have a question?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Support' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('How much would 40 gateways cost?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Thank you. Support will answer at ada@example.com.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await logIn(page, demo.superAdmin);
  // Signed in only once the console has landed: a page opened before that finds no session.
  await expect(page).toHaveURL(/\/superAdmin\/tenant$/);
  await page.goto('/user-queries');
  await expect(page.getByRole('heading', { name: 'User Queries' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(subject) });
  await expect(row).toContainText('Login');
  await expect(row).toContainText('New');
  await row.getByRole('button', { name: /view/i }).click();
  const drawer = page.getByRole('dialog', { name: subject });
  await expect(drawer.getByText('How much would 40 gateways cost?')).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Answered' }).click();
  await drawer.getByRole('textbox', { name: 'Note' }).fill('Sent the price list');
  await drawer.getByRole('button', { name: 'Save changes' }).click();
  await expect(row).toContainText('Answered');
});
