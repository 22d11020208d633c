import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userQueryListSchema, userQuerySchema } from '@netloom/domain';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { enrolmentKey } from '../../test/agent-client';
import { auditLog } from '../../db/schema/index';

const question = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  subject: 'Pricing for 40 gateways',
  message: 'How much?',
  source: 'free-trial',
};

describe.each(testBackends('pglite'))('user queries on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await build(backend);
    await enrolmentKey(t.app, 'Acme');
    for (const who of ['super@demo.test', 'owner@acme.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(() => t.close());

  const call = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, ip = '198.51.100.7') =>
    t.app.inject({ method, url: `/api/v1/${url}`, remoteAddress: ip, headers: who ? bearer(tokens[who]!) : {}, ...(payload ? { payload } : {}) });
  const list = async (query = '') => userQueryListSchema.parse((await call('super@demo.test', 'GET', `user-queries/${query}`)).json());

  it('takes a question from someone without a session, and the provider finds it first in the list, new', async () => {
    const crash = {
      ...question,
      subject: 'The dashboard crashed',
      source: 'crash',
      context: { path: '/sdwan/dashboard', error: 'TypeError: cannot read "map"', console_version: '1.4.0' },
    };
    const sent = await call(null, 'POST', 'user-queries/', crash);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toEqual({ id: expect.any(String), status: 'new' });
    const { results, count } = await list();
    expect(count).toBe(1);
    expect(results[0]).toMatchObject({
      id: sent.json().id,
      subject: 'The dashboard crashed',
      source: 'crash',
      status: 'new',
      note: '',
      context: crash.context,
    });
  });

  it('refuses a question without a message or with a bad e-mail, and keeps nothing of it', async () => {
    const blank = await call(null, 'POST', 'user-queries/', { ...question, message: '  ' }, '198.51.100.8');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ message: ['Field is required'] });
    expect((await call(null, 'POST', 'user-queries/', { ...question, email: 'ada@' }, '198.51.100.8')).statusCode).toBe(400);
    expect((await list()).count).toBe(1);
  });

  it('lets one address ask five questions a minute, and another address still asks', async () => {
    const from = (ip: string) => call(null, 'POST', 'user-queries/', question, ip);
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.50')).statusCode).toBe(201);
    const sixth = await from('203.0.113.50');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('throttled');
    expect((await from('203.0.113.51')).statusCode).toBe(201);
  });

  it('lets a super admin filter, move a question along and note it, audited; tenants see none of it', async () => {
    const pricing = await list('?search=pricing&source=free-trial');
    expect(pricing.count).toBe(6);
    const id = pricing.results[0]!.id;
    const moved = await call('super@demo.test', 'PUT', `user-queries/${id}/`, { status: 'answered', note: 'Sent the price list' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(userQuerySchema.parse(moved.json())).toMatchObject({ status: 'answered', note: 'Sent the price list' });
    expect((await list('?status=answered')).results.map((q) => q.id)).toEqual([id]);
    const audit = await t.app.services.db.select().from(auditLog).where(eq(auditLog.action, 'user_query.updated'));
    expect(audit).toMatchObject([
      { actorEmail: 'super@demo.test', target: 'Pricing for 40 gateways', details: { id, status: 'answered', note_changed: true } },
    ]);

    expect((await call('owner@acme.test', 'GET', 'user-queries/')).statusCode).toBe(403);
    expect((await call('owner@acme.test', 'PUT', `user-queries/${id}/`, { status: 'closed' })).statusCode).toBe(403);
    expect((await call(null, 'GET', 'user-queries/')).statusCode).toBe(401);
    expect((await call('super@demo.test', 'PUT', `user-queries/${crypto.randomUUID()}/`, { status: 'closed' })).statusCode).toBe(404);
    expect((await call('super@demo.test', 'PUT', `user-queries/${id}/`, {})).statusCode).toBe(400);
  });
});
