import { afterAll, beforeAll, describe, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';

/** User groups: a lone surrogate was stored as U+FFFD before; NUL gave a 500. */
describe.each(testBackends('pglite'))('user group calls refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let id: string;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'owner@acme.test')).access);
    id = (await t.app.inject({ method: 'POST', url: '/api/v1/teams/groups/', headers, payload: { name: 'Ops' } })).json().id;
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'create with NUL', method: 'POST', url: '/api/v1/teams/groups/', payload: { name: NUL }, field: 'name' },
    { name: 'create with a lone surrogate', method: 'POST', url: '/api/v1/teams/groups/', payload: { name: LONE_SURROGATE }, field: 'name' },
    { name: 'description with NUL', method: 'POST', url: '/api/v1/teams/groups/', payload: { name: 'ok', description: NUL }, field: 'description' },
    { name: 'members not uuids', method: 'POST', url: '/api/v1/teams/groups/', payload: { name: 'ok', user_ids: ['1'] }, field: 'user_ids.0' },
    { name: 'create with an unknown key', method: 'POST', url: '/api/v1/teams/groups/', payload: { name: 'ok', members: [] }, field: 'members' },
    { name: 'rename with a lone surrogate', method: 'PUT', url: `/api/v1/teams/groups/${id}/`, payload: { name: LONE_SURROGATE }, field: 'name' },
    { name: 'id with NUL', method: 'DELETE', url: `/api/v1/teams/groups/${NUL_IN_URL}/`, field: 'id' },
    { name: 'search with NUL', method: 'GET', url: `/api/v1/teams/groups/?search=${NUL_IN_URL}`, field: 'search' },
    { name: 'page size negative', method: 'GET', url: '/api/v1/teams/groups/?page_size=-5', field: 'page_size' },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });
});
