import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migratedPglite } from '../test/pglite-template';

const SCIM_ROUTES = [
  ...['/ServiceProviderConfig', '/ResourceTypes', '/ResourceTypes/:id', '/Schemas', '/Schemas/:id', '/Users', '/Users/:id', '/Groups', '/Groups/:id'].flatMap(
    (u) => [`GET /scim/v2${u}`, `HEAD /scim/v2${u}`],
  ),
  ...['/Users', '/Groups'].map((u) => `POST /scim/v2${u}`),
  ...['PUT', 'PATCH', 'DELETE'].flatMap((m) => [`${m} /scim/v2/Users/:id`, `${m} /scim/v2/Groups/:id`]),
];

/**
 * Every public route, as `METHOD url`: what answers without a session. Anything else is private,
 * and the one authentication hook answers it 401 without credentials.
 */
const PUBLIC = [
  // Probes and metrics for load balancers and scrapers, outside the API prefix.
  'GET /healthz',
  'HEAD /healthz',
  'GET /readyz',
  'HEAD /readyz',
  'GET /metrics',
  'HEAD /metrics',
  // The console's backend check (spec 001 §7 Health).
  'GET /api/v1/tenant/data/health/',
  'HEAD /api/v1/tenant/data/health/',
  'HEAD /api/v1/tenant/data/:check/',
  // Signing in, up and out; sessions from a refresh token; activation and password reset.
  'POST /api/v1/auth/login/',
  'GET /api/v1/auth/login-options/',
  'HEAD /api/v1/auth/login-options/',
  'POST /api/v1/auth/logout/',
  'POST /api/v1/auth/2flogin/',
  'POST /api/v1/auth/googlelogin/',
  'POST /api/v1/auth/token/refresh/',
  'POST /api/v1/auth/remember-me/',
  'POST /api/v1/auth/registration/',
  'POST /api/v1/auth/social-signup/',
  'POST /api/v1/auth/social-signup/identity/',
  'POST /api/v1/auth/activate/',
  'POST /api/v1/auth/password/reset/',
  'POST /api/v1/auth/password/reset/confirm/',
  'POST /api/v1/auth/user-domain/',
  'POST /api/v1/auth/redirect-url/',
  'POST /api/v1/auth/sso/complete/',
  // SAML 2.0: the login page's question, the SP metadata the IdP is given, and the IdP's POSTed answer.
  'POST /api/v1/auth/saml-enabled/',
  'GET /api/v1/auth/saml/:id/metadata/',
  'HEAD /api/v1/auth/saml/:id/metadata/',
  'POST /api/v1/auth/saml/:id/acs/',
  // RUM: the browser SDK any page loads, and the beacons (and their CORS preflight) a site's pages send, keyed by the site's public key.
  'GET /rum/sdk/v1/netloom-rum.js',
  'HEAD /rum/sdk/v1/netloom-rum.js',
  'POST /api/v1/rum/ingest/:public_key/',
  'OPTIONS /api/v1/rum/ingest/:public_key/',
  // A question to the provider from the visitor pages and the crash page, before there is an account.
  'POST /api/v1/user-queries/',
  // A connected helpdesk's webhook: the unguessable token in the path names the integration, and
  // the body only says which of its tickets to read again.
  'POST /api/v1/support/ticket-integration/webhook/:token/',
  // Websockets that authenticate in their own handshake: a device by its credentials in its hello,
  // a console by its access token in its first message.
  'GET /agent/v1',
  'HEAD /agent/v1',
  'GET /ws/status/:tenantId',
  'HEAD /ws/status/:tenantId',
  'GET /ws/status/:tenantId/:deviceId',
  'HEAD /ws/status/:tenantId/:deviceId',
  'GET /ws/support-desk',
  'HEAD /ws/support-desk',
  // SCIM 2.0 for identity providers: no session, a provisioning token of the organisation instead
  // (checked by the SCIM plugin's own hook; the last test below holds it to that).
  ...SCIM_ROUTES,
  // The API document and its page.
  'GET /api/docs',
  'HEAD /api/docs',
  'GET /api/docs/json',
  'HEAD /api/docs/json',
  'GET /api/docs/yaml',
  'HEAD /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'HEAD /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'HEAD /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'HEAD /api/docs/static/*',
  // The built console's files.
  'GET /*',
  'HEAD /*',
];

const keysOf = (route: RouteOptions) => [route.method].flat().map((method) => `${method} ${route.url}`);
/** A url to call a route by: any id, any wildcard. */
const concrete = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'any');

describe('authentication', () => {
  const routes: RouteOptions[] = [];
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    // A built console too, so its files' routes are among the ones checked.
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'netloom-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Netloom</title>');
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }), webDist, database: await migratedPglite() };
    database = await openDatabase(config.database);
    app = await buildApp(config, { database, onRoute: (route) => void routes.push(route) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('marks exactly the intended routes public', () => {
    const open = routes.filter((r) => r.config?.public === true).flatMap(keysOf);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('answers 401 without credentials on every other route', async () => {
    const closed = routes.filter((r) => r.config?.public !== true);
    expect(closed.length).toBeGreaterThan(250);
    const answers = await Promise.all(
      closed.flatMap(keysOf).map(async (key) => {
        const [method, url] = key.split(' ') as [RouteOptions['method'] & string, string];
        const res = await app.inject({ method, url: concrete(url) });
        return { key, status: res.statusCode };
      }),
    );
    expect(answers.filter((a) => a.status !== 401)).toEqual([]);
  });

  it('answers 401 on every SCIM route without a provisioning token, a session’s token included', async () => {
    const answers = await Promise.all(
      SCIM_ROUTES.map(async (key) => {
        const [method, url] = key.split(' ') as [RouteOptions['method'] & string, string];
        const res = await app.inject({ method, url: concrete(url), headers: { authorization: 'Bearer not-a-provisioning-token' } });
        return { key, status: res.statusCode };
      }),
    );
    expect(answers.filter((a) => a.status !== 401)).toEqual([]);
  });

  it('leaves a request no route matched to the not-found handler', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/no-such-call' })).statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/devices/any', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Netloom');
  });
});
