import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { expectRefused, type BadInputCase } from '../../test/bad-input';

const LATER = '2026-02-01T10:00:00Z';
const EARLIER = '2026-02-01T09:00:00Z';
const backwards = { from: LATER, to: EARLIER };

/** Analytics windows that run backwards (or have one end): refused up front, never a 500 from the store. */
describe.each(testBackends('pglite'))('analytics windows refuse hostile input on %s', (backend) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await build(backend);
    headers = bearer((await login(t.app, 'owner@acme.test')).access);
  });
  afterAll(() => t.close());

  const post = (name: string, url: string, payload: object, field: string): BadInputCase => ({ name, method: 'POST', url, payload, field });
  const cases = (): BadInputCase[] => [
    ...['sdwan', 'ztna'].flatMap((product) => [
      post(`${product} flows from after to`, `/api/v1/${product}/netflow/flows/`, backwards, 'to'),
      post(`${product} flows of no length`, `/api/v1/${product}/netflow/flows/`, { from: LATER, to: LATER }, 'to'),
      // A lone end would meet the default start (now minus timeduration), which may come after it.
      post(`${product} flows with an end alone`, `/api/v1/${product}/netflow/flows/`, { to: '2020-01-01T00:00:00Z' }, 'to'),
      post(`${product} chart from after to`, `/api/v1/${product}/netflow/top-applications/`, backwards, 'to'),
      post(`${product} user data from after to`, `/api/v1/${product}/netflow/user-data/`, { ...backwards, user: 'ana@acme.test' }, 'to'),
    ]),
    post('device chart from after to', `/api/v1/sdwan/netflow/device/${crypto.randomUUID()}/top-talkers/`, backwards, 'to'),
    post('web-filter log end before start', '/api/v1/logs/webfilter-logs/', { start_time: LATER, end_time: EARLIER }, 'end_time'),
    post('proxy log end before start', '/api/v1/logs/squid-logs/', { start_time: LATER, end_time: EARLIER }, 'end_time'),
    post('zero-trust session log end before start', '/api/v1/logs/ztna-session-logs/', { start_time: LATER, end_time: EARLIER }, 'end_time'),
  ];

  it('answers 400 naming the window’s end, never 500', async () => {
    for (const c of cases()) await expectRefused(t.app, headers, c);
  });

  it('says so in the answer a client shows, and in the API document', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sdwan/netflow/flows/', headers, payload: backwards });
    expect(res.json()).toEqual({ detail: 'Invalid input.', code: 'invalid', errors: { to: ['to must be after from'] } });
    const doc = t.app.swagger() as {
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } } }>;
    };
    const to = doc.paths['/api/v1/{product}/netflow/flows/']!.post.requestBody.content['application/json']!.schema.properties.to;
    expect(to?.description).toMatch(/after `from`/);
  });

  it('takes a log filter named like an object member (toString, constructor) as the unknown key it is, never a 500', async () => {
    for (const url of ['/api/v1/logs/webfilter-logs/', '/api/v1/logs/squid-logs/']) {
      const payload = { filters: ['toString', 'constructor', '__proto__'].map((key) => ({ key, value: 'x', type: 'string' })) };
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });

  it('still answers a window that runs forwards, and the same log window of no length', async () => {
    const flows = await t.app.inject({ method: 'POST', url: '/api/v1/sdwan/netflow/flows/', headers, payload: { from: EARLIER, to: LATER } });
    expect(flows.statusCode, flows.body).toBe(200);
    const logs = await t.app.inject({ method: 'POST', url: '/api/v1/logs/ztna-session-logs/', headers, payload: { start_time: LATER, end_time: LATER } });
    expect(logs.statusCode, logs.body).toBe(200);
  });
});
