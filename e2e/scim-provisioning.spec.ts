import { expect, test } from './support/test';
import { demo, logIn } from './support/demo';

const SCIM_JSON = { 'content-type': 'application/scim+json' };

test('an owner connects an identity provider: it creates a person, deactivates them, and is refused once its token is revoked', async ({ page, request }) => {
  const email = `grace.${Date.now().toString(36)}@acme.test`;
  await logIn(page, demo.owner);
  await expect(page).toHaveURL(/\/sdwan\/dashboard$/);
  await page.goto('/settings/organisation');
  await expect(page.getByRole('heading', { name: 'User provisioning (SCIM)' })).toBeVisible();
  const base = (await page.getByLabel('SCIM base URL', { exact: true }).textContent())!;
  expect(base).toMatch(/\/scim\/v2$/);

  await page.getByRole('textbox', { name: 'Token name' }).fill('Okta');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByLabel('Provisioning token', { exact: true }).textContent())!;
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Provisioning tokens' })).toContainText('Okta');

  // The provider, as Okta calls it.
  const auth = { authorization: `Bearer ${token}`, ...SCIM_JSON };
  const made = await request.post(`${base}/Users`, {
    headers: auth,
    data: { userName: email, name: { givenName: 'Grace', familyName: 'Hopper' }, active: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  await page.goto('/sdwan/teams/users');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Active');

  const off = await request.patch(`${base}/Users/${id}`, {
    headers: auth,
    data: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', value: { active: false } }] },
  });
  expect(off.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Inactive');

  await page.goto('/settings/organisation');
  await page.getByRole('button', { name: 'Revoke Okta' }).click();
  await page.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Provisioning tokens' })).toHaveCount(0);
  expect((await request.get(`${base}/Users`, { headers: auth })).status()).toBe(401);
});
