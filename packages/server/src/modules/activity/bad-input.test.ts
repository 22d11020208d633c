import { afterAll, beforeAll, describe, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { NUL_IN_URL, expectRefused, type BadInputCase } from '../../test/bad-input';

/** Login and activity logs: searches PostgreSQL cannot take, dates out of range, page sizes, formats. */
describe.each(testBackends('pglite'))('log queries refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'owner@acme.test')).access);
  });
  afterAll(() => t.close());

  const cases = (): BadInputCase[] => [
    { name: 'login search with NUL', method: 'GET', url: `/api/v1/logs/login-logs/?search=${NUL_IN_URL}`, field: 'search' },
    { name: 'activity search with NUL', method: 'GET', url: `/api/v1/logs/activity-logs/?search=${NUL_IN_URL}`, field: 'search' },
    { name: 'start time not a date', method: 'GET', url: '/api/v1/logs/activity-logs/?start_time=yesterday', field: 'start_time' },
    { name: 'start time past year 9999', method: 'GET', url: '/api/v1/logs/activity-logs/?start_time=%2B275760-09-13T00:00:00Z', field: 'start_time' },
    {
      name: 'end before start',
      method: 'GET',
      url: '/api/v1/logs/activity-logs/?start_time=2026-02-01T00:00:00Z&end_time=2026-01-01T00:00:00Z',
      field: 'end_time',
    },
    { name: 'page size negative', method: 'GET', url: '/api/v1/logs/login-logs/?page_size=-1', field: 'page_size' },
    { name: 'page size not a number', method: 'GET', url: '/api/v1/logs/login-logs/?page_size=all', field: 'page_size' },
    { name: 'format unknown', method: 'GET', url: '/api/v1/logs/login-logs/?format=xlsx', field: 'format' },
  ];

  it('answers 400 naming the field, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });
});
