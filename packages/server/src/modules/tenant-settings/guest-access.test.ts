import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';

/**
 * What a guest-user may read: its own account, the client download and what needs no session.
 * Every other read of the API document (so also routes added later) must refuse a guest 403.
 */
const GUEST_MAY_READ = new Set([
  '/healthz',
  '/readyz',
  // This instance's counters for a scraper (flow ingest): counts only, nothing of a tenant.
  '/metrics',
  '/api/v1/tenant/data/health/',
  '/api/v1/auth/login-options/',
  '/api/v1/auth/user/',
  '/api/v1/settings/profile/',
  '/api/v1/auth/mza-pkg-paths/',
  // The offline list of the world's cities behind the location input: reference data, nothing of a tenant.
  '/api/v1/geo/places/',
]);
/** Public by design and about one object, so a made-up id is simply not found: a SAML provider's metadata, which its identity provider reads. */
const PUBLIC_OBJECT_READS = new Set(['/api/v1/auth/saml/{id}/metadata/']);

describe.each(testBackends('pglite'))('what a guest-user can read on %s', (backend) => {
  let t: TestApp;
  let guest: string;
  let viewer: string;
  let gets: string[];
  /** A path parameter that picks one of a few words (a status kind, a binding's kind) gets a valid one, so access is what is tested. */
  let enums: Map<string, string>;
  beforeAll(async () => {
    t = await build(backend);
    guest = (await login(t.app, 'guest@acme.test')).access;
    viewer = (await login(t.app, 'viewer@acme.test')).access;
    type Param = { in: string; name: string; schema?: { enum?: string[] } };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { get?: { parameters?: Param[] } }> };
    gets = Object.entries(doc.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path);
    enums = new Map(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        (ops.get?.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.enum).map((p) => [`${path} ${p.name}`, p.schema!.enum![0]!] as const),
      ),
    );
  });
  afterAll(() => t.close());

  // Required query values of some reads, so their answer is about access and not a missing field.
  const urlOf = (path: string) =>
    `${path.replace(/\{([^}]+)\}/g, (_, name: string) => enums.get(`${path} ${name}`) ?? crypto.randomUUID())}?username=ana%40acme.test&q=Chennai&site_id=${crypto.randomUUID()}&host_ip=10.0.0.12&device_id=${crypto.randomUUID()}&series=temperature`;

  it('refuses a guest every page of the console (403), the dashboard configuration included', async () => {
    const answers: Record<string, number> = {};
    for (const path of gets.filter((p) => !GUEST_MAY_READ.has(p) && !PUBLIC_OBJECT_READS.has(p))) {
      answers[path] = (await t.app.inject({ method: 'GET', url: urlOf(path), headers: bearer(guest) })).statusCode;
    }
    expect(answers['/api/v1/tenant/dashboard-config/']).toBe(403);
    expect(Object.entries(answers).filter(([, status]) => status !== 403)).toEqual([]);
    expect(Object.keys(answers).length).toBeGreaterThan(15);
  });

  it('lets a guest read its own account and the client download', async () => {
    for (const path of gets.filter((p) => GUEST_MAY_READ.has(p))) {
      expect((await t.app.inject({ method: 'GET', url: urlOf(path), headers: bearer(guest) })).statusCode, path).toBe(200);
    }
  });

  it('still gives a viewer the dashboard configuration', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/dashboard-config/', headers: bearer(viewer) })).statusCode).toBe(200);
  });
});
