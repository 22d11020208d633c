import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@netloom/domain';
import { build, testBackends, type TestApp } from '../../test/build';
import { openDatabase, type Database } from '../../db/client';
import { buildApp } from '../../app';
import type { FastifyInstance } from 'fastify';
import { migratedPglite } from '../../test/pglite-template';

describe.each(testBackends('pglite'))('health probes on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(backend);
  });
  afterAll(() => t.close());

  it.each(['/healthz', '/readyz', '/api/v1/tenant/data/health/'])('answers %s 200 without a session', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('answers the HEAD check under any name of tenant/data/{something}/', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/tenant/data/online/' })).statusCode).toBe(200);
  });

  it('is never rate limited', async () => {
    const codes = await Promise.all(Array.from({ length: 120 }, () => t.app.inject({ method: 'HEAD', url: '/api/v1/tenant/data/health/' })));
    expect(new Set(codes.map((r) => r.statusCode))).toEqual(new Set([200]));
  });

  it('lists the probes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/api/v1/tenant/data/health/']));
  });
});

describe('health probes while the database is gone (PGlite closed under the running app)', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const t = await build('pglite');
    // The app of build() shares the test's database; a second app on a database of its own can lose it.
    database = await openDatabase(await migratedPglite());
    app = await buildApp(t.config, { database });
    await app.ready();
    await t.close();
    await database.close();
  });
  afterAll(() => app.close());

  it('keeps answering liveness', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });

  it.each(['/readyz', '/api/v1/tenant/data/health/'])('answers %s 503 with Retry-After', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(res.json())).toEqual({ detail: 'Database unreachable', code: 'service_unavailable' });
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(503);
  });

  it('answers the HEAD check under any name 503 too', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/api/v1/tenant/data/online/' })).statusCode).toBe(503);
  });

  it('answers API calls that need the database 503, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'owner@acme.test', password: 'netloom-demo' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(apiErrorSchema.parse(res.json()).code).toBe('service_unavailable');
  });
});
