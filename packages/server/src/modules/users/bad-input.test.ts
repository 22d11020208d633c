import { afterAll, beforeAll, describe, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';

/** Team users and invitations: unstorable names and e-mails, roles, ids, searches. */
describe.each(testBackends('pglite'))('team user calls refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'owner@acme.test')).access);
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'invite e-mail with NUL', method: 'POST', url: '/api/v1/teams/users/', payload: { email: 'new\u0000@acme.test', role: 'viewer' }, field: 'email' },
    {
      name: 'invite first name with NUL',
      method: 'POST',
      url: '/api/v1/teams/users/',
      payload: { email: 'new@acme.test', role: 'viewer', first_name: NUL },
      field: 'first_name',
    },
    {
      name: 'invite last name with a lone surrogate',
      method: 'POST',
      url: '/api/v1/teams/users/',
      payload: { email: 'new@acme.test', role: 'viewer', last_name: LONE_SURROGATE },
      field: 'last_name',
    },
    { name: 'invite an unknown role', method: 'POST', url: '/api/v1/teams/users/', payload: { email: 'new@acme.test', role: 'root' }, field: 'role' },
    {
      name: 'invite with an unknown key',
      method: 'POST',
      url: '/api/v1/teams/users/',
      payload: { email: 'new@acme.test', role: 'viewer', is_super_admin: true },
      field: 'is_super_admin',
    },
    { name: 'role change of an id with NUL', method: 'PUT', url: `/api/v1/teams/users/${NUL_IN_URL}/`, payload: { role: 'viewer' }, field: 'id' },
    { name: 'deactivate an id that is no uuid', method: 'POST', url: '/api/v1/teams/users/12/deactivate/', field: 'id' },
    { name: 'search with NUL', method: 'GET', url: `/api/v1/teams/users/?search=${NUL_IN_URL}`, field: 'search' },
    { name: 'status unknown', method: 'GET', url: '/api/v1/teams/users/?status=deleted', field: 'status' },
    { name: 'page far out', method: 'GET', url: '/api/v1/teams/users/?page=99999999999999999999', field: 'page' },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });
});
