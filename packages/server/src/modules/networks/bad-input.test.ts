import { afterAll, beforeAll, describe, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { LONE_SURROGATE, NUL, NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';

/** Device groups: names PostgreSQL cannot store, unknown keys, ids that are no uuid. */
describe.each(testBackends('pglite'))('device group calls refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let id: string;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'editor@acme.test')).access);
    id = (await t.app.inject({ method: 'POST', url: '/api/v1/network/list/', headers, payload: { name: 'Branches' } })).json().id;
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'create with NUL', method: 'POST', url: '/api/v1/network/list/', payload: { name: NUL }, field: 'name' },
    { name: 'create with a lone surrogate', method: 'POST', url: '/api/v1/network/list/', payload: { name: LONE_SURROGATE }, field: 'name' },
    { name: 'create with a name as an array', method: 'POST', url: '/api/v1/network/list/', payload: { name: ['a'] }, field: 'name' },
    { name: 'create with an unknown key', method: 'POST', url: '/api/v1/network/list/', payload: { name: 'ok', devices: [] }, field: 'devices' },
    { name: 'rename with NUL', method: 'PUT', url: `/api/v1/network/${id}/`, payload: { name: NUL }, field: 'name' },
    { name: 'rename an id with NUL', method: 'PUT', url: `/api/v1/network/${NUL_IN_URL}/`, payload: { name: 'x' }, field: 'id' },
    { name: 'delete an id that is no uuid', method: 'DELETE', url: '/api/v1/network/1/', field: 'id' },
    { name: 'members not uuids', method: 'PUT', url: `/api/v1/network/${id}/devices/`, payload: { device_ids: [NUL] }, field: 'device_ids.0' },
    { name: 'members as a string', method: 'PUT', url: `/api/v1/network/${id}/devices/`, payload: { device_ids: 'x' }, field: 'device_ids' },
    { name: 'status of an id with NUL', method: 'GET', url: `/api/v1/network/status-monitor/${NUL_IN_URL}/`, field: 'id' },
    { name: 'list with tid not a uuid', method: 'GET', url: `/api/v1/network/list/?tid=${NUL_IN_URL}`, field: 'tid' },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });
});
