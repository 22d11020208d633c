import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema, clientEnrolmentSchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';

/** MicroZAccess client sign-ins from behind one NAT: 10 a minute per address and account. */
describe.each(testBackends('pglite'))('client sign-in limit on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await build(backend);
    for (const who of ['guest@acme.test', 'owner@acme.test', 'owner@globex.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(() => t.close());

  const signIn = (who: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/tenant/ztna/client-enrolment/', remoteAddress: ip, headers: bearer(tokens[who]!), payload: {} });

  it("limits one account at one address, and no other account behind that address or the account's other addresses", async () => {
    const office = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn('guest@acme.test', office)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
    const refused = await signIn('guest@acme.test', office);
    expect(refused.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refused.json()).code).toBe('throttled');

    // Someone else of the same tenant, and someone of another tenant, behind the same address.
    const colleague = await signIn('owner@acme.test', office);
    expect(colleague.statusCode, colleague.body).toBe(201);
    expect(clientEnrolmentSchema.parse(colleague.json()).tenant_name).toBe('Acme');
    const otherTenant = await signIn('owner@globex.test', office);
    expect(otherTenant.statusCode, otherTenant.body).toBe(201);
    expect(clientEnrolmentSchema.parse(otherTenant.json()).tenant_name).toBe('Globex');

    // The same account from home.
    expect((await signIn('guest@acme.test', '198.51.100.77')).statusCode).toBe(201);
  });
});
