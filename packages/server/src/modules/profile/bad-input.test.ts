import { afterAll, beforeAll, describe, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, expectRefused, type BadInputCase } from '../../test/bad-input';

/** The own profile: unstorable names, invalid time zones, keys the profile does not have. */
describe.each(testBackends('pglite'))('profile changes refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'viewer@acme.test')).access);
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'first name with NUL', method: 'PUT', url: '/api/v1/settings/profile/', payload: { first_name: NUL }, field: 'first_name' },
    {
      name: 'company with a lone surrogate',
      method: 'PUT',
      url: '/api/v1/settings/profile/',
      payload: { company_name: LONE_SURROGATE },
      field: 'company_name',
    },
    { name: 'last name too long', method: 'PUT', url: '/api/v1/settings/profile/', payload: { last_name: 'x'.repeat(51) }, field: 'last_name' },
    { name: 'unknown time zone', method: 'PUT', url: '/api/v1/settings/profile/', payload: { timezone: 'Europe/Atlantis' }, field: 'timezone' },
    { name: 'role is not a profile field', method: 'PUT', url: '/api/v1/settings/profile/', payload: { role: 'owner' }, field: 'role' },
    { name: 'body as an array', method: 'PUT', url: '/api/v1/settings/profile/', payload: [], field: null },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });
});
