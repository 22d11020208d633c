import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './support/test';
import { demo, logIn } from './support/demo';
import { startLabIdp } from './support/oidc-provider';
import { SSO_LAB_DOMAIN } from './support/server';

/** The MicroZAccess client on this machine: it listens on loopback for the browser to bring its key. */
async function clientListener() {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/cb') received.push(url);
    res.setHeader('content-type', 'text/html');
    res.end('<h1>MicroZAccess received the key</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { callback: `http://127.0.0.1:${port}/cb`, received, close: () => new Promise((r) => server.close(r)) };
}

/**
 * An owner sets up single sign-on with a real OpenID Connect provider, and a colleague who has
 * no Netloom account yet signs in through it from the login page: created on the way with the
 * role their provider group maps to.
 */
test('an owner sets up single sign-on and a new colleague signs in through the provider', async ({ page, browser, server }) => {
  test.setTimeout(180_000);
  const idp = await startLabIdp(`${server.url}/auth/sso`);
  try {
    await logIn(page, demo.owner);
    await page.goto('/settings/single-sign-on');
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Redirect URI (register it at your provider)' })).toHaveValue(`${server.url}/auth/sso`);

    await page.getByRole('button', { name: 'Add provider' }).click();
    const form = page.getByRole('dialog', { name: 'Add identity provider' });
    await form.getByLabel('Name').fill('Lab IdP');
    await form.getByLabel('Issuer URL').fill(idp.issuer);
    await form.getByLabel('Client ID').fill(idp.clientId);
    await form.getByLabel('Client secret').fill(idp.clientSecret);
    await form.getByLabel('Scopes').fill('openid email profile groups');
    await form.getByRole('button', { name: 'Add provider' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Lab IdP', exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Domain' }).fill(SSO_LAB_DOMAIN);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expect(page.getByRole('textbox', { name: 'TXT record value' })).toHaveValue(/^netloom-verification=/);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    await page.getByLabel('Provider group').fill('lab-editors');
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: 'editor', exact: true }).click();
    await page.getByRole('button', { name: 'Add mapping' }).click();
    await expect(page.getByRole('cell', { name: 'lab-editors', exact: true })).toBeVisible();

    // A colleague, in a browser of their own, with no Netloom account yet.
    idp.signInAs('ada', { email: `ada@${SSO_LAB_DOMAIN}`, given_name: 'Ada', family_name: 'Lovelace', groups: ['lab-editors'] });
    const context = await browser.newContext({ baseURL: server.url });
    const colleague = await context.newPage();
    await colleague.goto('/auth/login');
    await colleague.getByLabel('Email or username').fill(`ada@${SSO_LAB_DOMAIN}`);
    await colleague.getByRole('button', { name: 'Continue with single sign-on' }).click();
    await expect(colleague).not.toHaveURL(/\/auth\//, { timeout: 30_000 });
    await colleague.goto('/settings/profile');
    await expect(colleague.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await context.close();

    // The owner sees the new member with the mapped role, and the sign-in in the login log.
    await page.goto('/teams/users');
    const row = page.getByRole('row', { name: new RegExp(`ada@${SSO_LAB_DOMAIN}`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('combobox', { name: `Role of ada@${SSO_LAB_DOMAIN}` })).toHaveValue('editor');

    // The MicroZAccess client's sign-in takes the same way, and comes back to hand the client its key.
    const client = await clientListener();
    try {
      idp.signInAs('grace', { email: `grace@${SSO_LAB_DOMAIN}`, given_name: 'Grace', groups: [] });
      const laptop = await browser.newContext({ baseURL: server.url });
      const signIn = await laptop.newPage();
      await signIn.goto(`/auth/microZAccess?redirect_uri=${encodeURIComponent(client.callback)}&state=req-7`);
      await signIn.getByLabel('Email or username').fill(`grace@${SSO_LAB_DOMAIN}`);
      await signIn.getByRole('button', { name: 'Continue with single sign-on' }).click();
      await expect(signIn.getByRole('heading', { name: 'MicroZAccess received the key' })).toBeVisible({ timeout: 30_000 });
      expect(client.received[0]?.searchParams.get('key')).toMatch(/^nlk_/);
      expect(client.received[0]?.searchParams.get('state')).toBe('req-7');
      await laptop.close();
    } finally {
      await client.close();
    }
  } finally {
    await idp.close();
  }
});
