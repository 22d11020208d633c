import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { logIn } from './support/demo';
import { ownerApi } from './support/fleet';
import { startSimulator } from './support/simulator';

/** The demo organisation's admin (the seeded Acme admin). */
const ADMIN = 'admin@acme.test';

/** The shop's API as its developers document it: the login (which the traffic uses) and a report endpoint nothing calls any more. */
const OPENAPI = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Acme Shop API', version: '1.4.0' },
  paths: {
    '/api/login': { post: { responses: { '200': { description: 'Signed in' }, '401': { description: 'Wrong e-mail or password' } } } },
    '/api/reports/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'A report' } },
      },
    },
  },
});

type Auth = { Authorization: string };
const getJson = async <T>(request: APIRequestContext, auth: Auth, path: string): Promise<T> => {
  const res = await request.get(`/api/v1/${path}`, { headers: auth });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
};

test("an admin documents the demo shop's API and enforces it, then reads what the simulated POP's API guard saw: GraphQL operations and refusals, a credential-stuffing client and the accounts it challenged, bots by class, discovery settings and the drift", async ({
  page,
  request,
  baseURL,
}) => {
  const admin = await ownerApi(request, ADMIN);
  const auth = { Authorization: `Bearer ${admin.access}` };
  const tid = `tenant_id=${admin.tenantId}`;
  const key = ((await (await request.get('/api/v1/tenant/enrolment-key/', { headers: auth })).json()) as { enrolment_key: string }).enrolment_key;
  const tag = crypto.randomUUID().slice(0, 6);
  // The real simulator: one QShield POP of the organisation, reporting its logs every 2 s, its
  // scripted clients (a GraphQL scanner, a credential-stuffing run) in every report.
  const simulator = startSimulator(baseURL!, key, [
    ...['--gateways', '0', '--endpoints', '0', '--waf-pops', '1', '--waf-interval', '2', '--waf-scripted-runs', '1'],
    ...['--seed', String(Math.floor(Math.random() * 1e6)), '--email-domain', `e2e-waf-${tag}.test`],
  ]);
  let appId: string | null = null;
  try {
    // Signed in while the POP starts and enrols.
    await Promise.all([logIn(page, ADMIN), expect.poll(() => simulator.enrolled.length, { timeout: 30_000 }).toBe(1)]);
    const pop = simulator.enrolled[0]!;

    // The demo's shop on the POP, with its GraphQL limits and login protection on (as the demo fleet onboards it).
    const name = `Acme Shop ${tag}`;
    const created = await request.post(`/api/v1/waap/domains/?${tid}`, {
      headers: auth,
      data: {
        name,
        domains: [`shop-${tag}.acme.test`],
        origins: [{ url: 'http://10.10.1.20:8080', weight: 1 }],
        tls_mode: 'self_signed',
        edge_ids: [pop],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    appId = ((await created.json()) as { id: string }).id;
    const { policy } = await getJson<{ policy: Record<string, unknown> }>(request, auth, `waap/domains/${appId}/policy/?${tid}`);
    const saved = await request.put(`/api/v1/waap/domains/${appId}/policy/?${tid}`, {
      headers: auth,
      data: {
        message: 'GraphQL limits and login protection',
        policy: {
          ...policy,
          graphql: { ...(policy.graphql as object), enabled: true, paths: ['/graphql'] },
          login_protection: {
            ...(policy.login_protection as object),
            enabled: true,
            endpoints: [{ path: '/api/login', username_field: 'email' }],
            action: 'challenge',
          },
        },
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    // The POP runs the policy and reports what its API guard saw: a scanner's query refused, a script challenged.
    const q = `application_id=${appId}&${tid}`;
    await expect
      .poll(
        async () => {
          const [graphql, logins] = await Promise.all([
            getJson<{ operations: unknown[]; refusals: unknown[] }>(request, auth, `waap/analytics/graphql/?${q}`),
            getJson<{ clients: { kinds: string[] }[]; accounts: { state: string }[] }>(request, auth, `waap/bots/auth-abuse/?${q}`),
          ]);
          return {
            operations: graphql.operations.length > 0,
            refusals: graphql.refusals.length > 0,
            stuffing: logins.clients.some((c) => c.kinds.includes('credential_stuffing')),
            challenged: logins.accounts.some((a) => a.state === 'challenged'),
          };
        },
        { timeout: 30_000, message: "the POP's API guard traffic reaches the console" },
      )
      .toEqual({ operations: true, refusals: true, stuffing: true, challenged: true });

    // API Inventory: the document uploaded against the traffic — the login documented, GraphQL a shadow, the reports a zombie.
    await page.goto(`/waf/api-security/api-inventry?application=${appId}`);
    await expect(page.getByText('No OpenAPI document yet')).toBeVisible();
    await page.getByRole('button', { name: 'Upload OpenAPI document' }).click();
    const upload = page.getByRole('dialog', { name: `OpenAPI document of ${name}` });
    await upload.getByRole('textbox', { name: 'Document' }).fill(OPENAPI);
    await upload.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(upload).toBeHidden();
    await expect(page.getByText('Acme Shop API 1.4.0 (OpenAPI 3.0.3, 2 operations)')).toBeVisible();
    const inventory = page.getByRole('table', { name: 'API endpoints' });
    await expect(inventory.getByRole('row').filter({ hasText: '/api/login' })).toContainText('Documented', { timeout: 20_000 });
    await expect(inventory.getByRole('row').filter({ hasText: '/graphql' })).toContainText('Shadow');
    await expect(inventory.getByRole('row').filter({ hasText: '/api/reports/{id}' })).toContainText('Zombie');

    // Zero-Trust API: the page names the enforced document; Block saves a new revision.
    await page.goto(`/waf/api-security/zero-trust-api?application=${appId}`);
    await expect(page.getByText('The edges enforce Acme Shop API 1.4.0 (OpenAPI 3.0.3, 2 operations)')).toBeVisible();
    const revision = Number((await page.getByText(/^Revision \d+$/).textContent())!.replace('Revision ', ''));
    await page.getByText('Block', { exact: true }).click();
    await expect(page.getByText('Requests the document does not allow are refused (403) at the edge and reported here.')).toBeVisible();
    await page.getByRole('textbox', { name: 'What changed' }).fill('Enforce the shop API document');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Revision ${revision + 1}`, { exact: true })).toBeVisible();

    // GraphQL: the operations the POP parsed, and a refusal with why.
    await page.goto(`/waf/threat-analytics/graphql?application=${appId}`);
    await expect(page.getByRole('table', { name: 'GraphQL operations' })).toContainText(
      /GetProducts|ProductDetail|SearchProducts|AddToCart|Checkout|OrderStatus/,
      {
        timeout: 20_000,
      },
    );
    const refusals = page.getByRole('table', { name: 'GraphQL refusals' });
    await expect(refusals.getByRole('row').nth(1)).toContainText(/Too deep|Too many aliases|Too many fields|Introspection/);
    await expect(refusals.getByRole('row').nth(1)).toContainText('Refused');

    // Authentication Abuse: the script ranked first for credential stuffing, the accounts it tried challenged.
    await page.goto(`/waf/bot/auth-abuse-protection?application=${appId}`);
    const clients = page.getByRole('table', { name: 'Login clients' });
    await expect(clients.getByRole('row').nth(1)).toContainText('Credential stuffing', { timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'Login accounts' }).getByRole('row').nth(1)).toContainText('Challenged');
    await expect(page.getByLabel('Accounts under attack')).toContainText(/[1-9]/);

    // Bot dashboard: people and scripts told apart, each client with the signals that marked it.
    await page.goto(`/waf/bot/dashboard?application=${appId}`);
    await expect(page.getByLabel('Human', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Automated', { exact: true })).toBeVisible();
    const scripted = page.getByRole('table', { name: 'Bot clients' }).getByRole('row').filter({ hasText: 'python-requests' }).first();
    await expect(scripted).toContainText('Automated', { timeout: 20_000 });
    await expect(scripted).toContainText('Automation tool');

    // Diff Logs: the shadow and the zombie endpoint, open since the document came.
    await page.goto(`/waf/api-security/diff-logs?application=${appId}`);
    const drift = page.getByRole('table', { name: 'API drift' });
    await expect(drift.getByRole('row').filter({ hasText: 'Shadow endpoint' }).filter({ hasText: '/graphql' })).toContainText('Open');
    await expect(drift.getByRole('row').filter({ hasText: 'Zombie endpoint' }).filter({ hasText: '/api/reports/{id}' })).toContainText('Open');
    // API Discovery settings: an exclusion saved, with who changed them.
    await page.goto(`/waf/api-security/api-discovery?application=${appId}`);
    await expect(page.getByText('Defaults', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Exclusions' }).fill('/healthz');
    await page.getByRole('textbox', { name: 'Exclusions' }).press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Changed by ${ADMIN} on`)).toBeVisible();
  } finally {
    simulator.stop();
    // Other journeys of this worker expect the organisation without this POP and application.
    for (const id of simulator.enrolled) await request.post(`/api/v1/device/${id}/unclaim/`, { headers: auth, data: {} });
    if (appId) await request.delete(`/api/v1/waap/domains/${appId}/?${tid}`, { headers: auth });
  }
});
