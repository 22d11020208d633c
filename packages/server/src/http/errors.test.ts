import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { z } from 'zod';
import { apiErrorSchema } from '@netloom/domain';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { FastifyInstance } from 'fastify';
import { publicRoute } from './route-kit';
import { migratedPglite } from '../test/pglite-template';

describe('error handler and console fallback', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'netloom-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Netloom</title>');
    const config = { ...loadConfig({ LOG_LEVEL: 'silent', DEMO: '0' }), webDist, database: await migratedPglite() };
    database = await openDatabase(config.database);
    app = await buildApp(config, { database });
    // Public: what is tested is the error handler, not the session every other route asks for.
    app.get('/api/v1/test/boom/', { config: publicRoute }, async () => {
      throw new Error('secret internals: connection string postgres://x');
    });
    app.get('/api/v1/test/db-down/', { config: publicRoute }, async () => {
      const cause = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      throw new DrizzleQueryError('select secret from t where x = $1', ['param-secret'], cause);
    });
    app.get('/api/v1/test/db-fault/', { config: publicRoute }, async () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
      throw new DrizzleQueryError('insert into t values ($1)', ['param-secret'], cause);
    });
    app.post('/api/v1/test/map/', { config: publicRoute, schema: { body: z.record(z.string(), z.object({ n: z.number() })) } }, async () => ({}));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('hides the details of a server error behind the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error', code: 'server_error' });
    expect(res.body).not.toContain('secret');
  });

  it('answers a path the router refuses (bad encoding, a parameter too long) 400 in the error shape', async () => {
    for (const url of ['/api/v1/device/%ED%A0%80/activate/', `/api/v1/device/${'a'.repeat(200)}/activate/`]) {
      const res = await app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(apiErrorSchema.parse(res.json())).toMatchObject({ code: 'invalid', errors: { path: [expect.any(String)] } });
    }
  });

  it('answers an unreachable database 503 with Retry-After, and hides the statement', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/db-down/' });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(res.json())).toEqual({ detail: 'Server not responding', code: 'service_unavailable' });
    expect(res.body).not.toContain('secret');
  });

  it('answers any other database error 500, not 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/db-fault/' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual({ detail: 'Internal server error', code: 'server_error' });
  });

  it('names a refused field of a map even when its key is a member of every object (valueOf, constructor)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/test/map/', payload: { valueOf: 1, constructor: 2, ok: { n: 1 } } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(res.json()).errors ?? {}).sort()).toEqual(['constructor', 'valueOf']);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).code).toBeTruthy();
  });

  it('answers an unknown API path with a JSON 404, and a console path with the console', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/v1/no/such/thing/' });
    expect(api.statusCode).toBe(404);
    expect(apiErrorSchema.parse(api.json()).code).toBe('not_found');
    const page = await app.inject({ method: 'GET', url: '/sdwan/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Netloom</title>');
  });

  it('answers an API path called with a method it lacks 405, listing the methods it has in Allow', async () => {
    const login = await app.inject({ method: 'DELETE', url: '/api/v1/auth/login/' });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
    expect(apiErrorSchema.parse(login.json())).toEqual({ detail: 'Method "DELETE" not allowed.', code: 'method_not_allowed' });
    // A path with parameters, and without its trailing slash: the method is what is wrong, not the URL.
    const metrics = await app.inject({ method: 'PUT', url: `/api/v1/device/${crypto.randomUUID()}/metrics?x=1` });
    expect(metrics.statusCode).toBe(405);
    expect(metrics.headers.allow).toBe('GET, HEAD');
    // Unknown API paths stay 404 whatever the method, though the console's files answer GET on any path;
    // so do paths outside the API.
    for (const [method, url] of [
      ['POST', '/api/v1/no/such/thing/'],
      ['GET', '/api/v1/no/such/thing/'],
      ['POST', '/healthz'],
      ['POST', '/sdwan/dashboard'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers.allow, `${method} ${url}`).toBeUndefined();
      expect(apiErrorSchema.parse(res.json()).code).toBe('not_found');
    }
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login/', '/api/v1/tenant/dashboard-config/']));
    expect(doc.paths['/api/v1/auth/login/'].post.requestBody).toBeDefined();
  });

  it('sends the security headers on API answers, errors and the console alike', async () => {
    for (const url of ['/api/v1/auth/mza-pkg-paths/', '/api/v1/nothing-here/', '/sdwan/dashboard']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("connect-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("img-src 'self' data: blob:");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
