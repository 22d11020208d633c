import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { DEMO_PASSWORD, demo } from './support/demo';

/** What the MicroZAccess client does on this machine: listens on loopback for the browser to bring the key. */
async function clientListener() {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    // The browser also asks for a favicon; only the callback counts.
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/cb') received.push(url);
    res.setHeader('content-type', 'text/html');
    res.end('<h1>MicroZAccess received the key</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { callback: `http://127.0.0.1:${port}/cb`, received, close: () => new Promise((r) => server.close(r)) };
}

test("a guest signs in from the MicroZAccess client and the client receives a single-use key of the guest's organisation", async ({ page, request }) => {
  const client = await clientListener();
  try {
    await page.goto(`/auth/microZAccess?redirect_uri=${encodeURIComponent(client.callback)}&state=req-42`);
    await expect(page.getByRole('heading', { name: 'Sign in to MicroZAccess' })).toBeVisible();
    await page.getByLabel('Email or username').fill(demo.guest);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('heading', { name: 'MicroZAccess received the key' })).toBeVisible();
    expect(client.received).toHaveLength(1);
    const key = client.received[0]!.searchParams.get('key')!;
    expect(key).toMatch(/^nlk_/);
    expect(client.received[0]!.searchParams.get('state')).toBe('req-42');

    // The owner sees it among Acme's enrolment keys: one use, not spent yet.
    const login = await request.post('/api/v1/auth/login/', { data: { username: demo.owner, password: DEMO_PASSWORD } });
    const { access } = (await login.json()) as { access: string };
    const keys = (await (await request.get('/api/v1/tenant/ztna/enrolment-keys/', { headers: { authorization: `Bearer ${access}` } })).json()) as {
      name: string;
      prefix: string;
      usage_limit: number;
      uses: number;
      state: string;
    }[];
    expect(keys.find((k) => key.startsWith(k.prefix) && k.name === `Client sign-in ${demo.guest}`)).toMatchObject({ usage_limit: 1, uses: 0, state: 'active' });

    // Opened without an address (a client that cannot listen), the page shows a new key to copy.
    await page.goto('/auth/microZAccess');
    await expect(page.getByText('Signed in as guest@acme.test')).toBeVisible();
    await expect(page.getByLabel('Enrolment key')).toHaveText(/^nlk_/);
    await expect(page.getByLabel('Enrolment key')).not.toHaveText(key);
    await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();

    // An address off this machine gets nothing.
    await page.goto(`/auth/microZAccess?redirect_uri=${encodeURIComponent('https://evil.test/cb')}`);
    await expect(page.getByRole('alert')).toContainText('does not come from a MicroZAccess client on this computer');
    await expect(page.getByLabel('Enrolment key')).toHaveCount(0);

    // The console itself stays closed to the guest.
    await page.goto('/sdwan/dashboard');
    await expect(page).toHaveURL(/\/microzaccess-client$/);
    expect(client.received).toHaveLength(1);
  } finally {
    await client.close();
  }
});
