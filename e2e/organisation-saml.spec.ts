import { test, expect } from './support/test';
import { demo, logIn } from './support/demo';
import { startLabSamlIdp } from './support/saml-idp';
import { SAML_LAB_DOMAIN } from './support/server';

/**
 * An owner adds a SAML 2.0 identity provider from its metadata URL and gives the IdP Netloom's
 * side; a colleague with no Netloom account yet signs in through it from the login page and
 * lands in the console with the role their IdP group maps to.
 */
test('an owner adds a SAML provider from its metadata and a colleague signs in through it', async ({ page, browser, server }) => {
  test.setTimeout(180_000);
  const idp = await startLabSamlIdp();
  try {
    await logIn(page, demo.globexOwner);
    await page.goto('/settings/single-sign-on');
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add provider' }).click();
    const form = page.getByRole('dialog', { name: 'Add identity provider' });
    await form.getByText('SAML 2.0').click();
    await form.getByLabel('Name').fill('Lab SAML');
    await form.getByLabel('Metadata URL').fill(idp.metadataUrl);
    await form.getByRole('button', { name: 'Add provider' }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row', { name: /Lab SAML/ });
    await expect(row.getByRole('cell', { name: 'SAML 2.0', exact: true })).toBeVisible();
    await expect(row.getByText(/^Expires /)).toBeVisible();

    // Netloom's side, for the IdP's administrator.
    const acs = page.getByRole('textbox', { name: 'ACS URL of Lab SAML' });
    await expect(acs).toHaveValue(new RegExp(`^${server.url}/api/v1/auth/saml/[0-9a-f-]+/acs/$`));
    const entityId = await page.getByRole('textbox', { name: 'SP entity ID of Lab SAML' }).inputValue();
    const metadata = await page.request.get((await page.getByRole('link', { name: 'SP metadata of Lab SAML (XML)' }).getAttribute('href')) ?? '');
    expect(await metadata.text()).toContain(`entityID="${entityId}"`);

    await page.getByRole('textbox', { name: 'Domain' }).fill(SAML_LAB_DOMAIN);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    await page.getByLabel('Provider group').fill('lab-admins');
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    await page.getByRole('button', { name: 'Add mapping' }).click();
    await expect(page.getByRole('cell', { name: 'lab-admins', exact: true })).toBeVisible();

    // A colleague, in a browser of their own, with no Netloom account yet.
    idp.signInAs({ email: `ada@${SAML_LAB_DOMAIN}`, givenName: 'Ada', groups: ['lab-admins'] });
    const context = await browser.newContext({ baseURL: server.url });
    const colleague = await context.newPage();
    await colleague.goto('/auth/login');
    await colleague.getByLabel('Email or username').fill(`ada@${SAML_LAB_DOMAIN}`);
    await colleague.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await expect(colleague).not.toHaveURL(/\/auth\//, { timeout: 30_000 });
    await colleague.goto('/settings/profile');
    await expect(colleague.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await context.close();

    // The owner sees the new member with the mapped role.
    await page.goto('/teams/users');
    const member = page.getByRole('row', { name: new RegExp(`ada@${SAML_LAB_DOMAIN}`) });
    await expect(member).toBeVisible();
    await expect(member.getByRole('combobox', { name: `Role of ada@${SAML_LAB_DOMAIN}` })).toHaveValue('admin');
  } finally {
    await idp.close();
  }
});
