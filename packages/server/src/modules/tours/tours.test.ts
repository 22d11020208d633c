import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOUR_IDS, TOUR_VERSIONS, tourIsDue, tourStateSchema } from '@netloom/domain';
import { eq } from 'drizzle-orm';
import { bearer, build, login, testBackends, type TestApp } from '../../test/build';
import { tourCompletions, users } from '../../db/schema/index';

describe.each(testBackends('pglite'))('guided-tour state on %s', (backend) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await build(backend);
    for (const who of ['viewer@acme.test', 'owner@acme.test', 'super@demo.test']) tokens[who] = (await login(t.app, who)).access;
  });
  afterAll(() => t.close());

  const state = async (who: string) => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/profile/tours/', headers: bearer(tokens[who]!) });
    expect(r.statusCode).toBe(200);
    return tourStateSchema.parse(r.json());
  };
  const finish = (who: string, tour: string, body: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/profile/tours/${tour}/`, headers: bearer(tokens[who]!), payload: body as object });

  it('a tour is due until the user finishes it, then it is not, also when read again later', async () => {
    expect(await state('viewer@acme.test')).toEqual({ tours: [] });
    expect(TOUR_IDS.every((tour) => tourIsDue({ tours: [] }, tour))).toBe(true);

    const r = await finish('viewer@acme.test', 'ztna', { version: TOUR_VERSIONS.ztna });
    expect(r.statusCode).toBe(200);
    const after = await state('viewer@acme.test');
    expect(tourStateSchema.parse(r.json())).toEqual(after);
    expect(after.tours).toEqual([{ tour: 'ztna', version: TOUR_VERSIONS.ztna, completed_at: expect.any(String) }]);
    expect(tourIsDue(after, 'ztna')).toBe(false);
    expect(tourIsDue(after, 'sdwan')).toBe(true);
  });

  it("is each user's own: another user, a super admin too, still has every tour due", async () => {
    await finish('owner@acme.test', 'sdwan', { version: 1 });
    expect((await state('owner@acme.test')).tours.map((x) => x.tour)).toEqual(['sdwan']);
    expect((await state('viewer@acme.test')).tours.map((x) => x.tour)).not.toContain('sdwan');
    expect(await state('super@demo.test')).toEqual({ tours: [] });
    expect((await finish('super@demo.test', 'demo', { version: 1 })).statusCode).toBe(200);
    expect((await state('super@demo.test')).tours.map((x) => x.tour)).toEqual(['demo']);
  });

  it('keeps the highest version finished: an older console marking an older version changes nothing', async () => {
    // What a raised version looks like on the server: a user who finished version 3 of a tour.
    const [row] = await t.app.services.db.select({ id: users.id }).from(users).where(eq(users.email, 'viewer@acme.test'));
    await t.app.services.db.insert(tourCompletions).values({ userId: row!.id, tour: 'demo', version: 3 });
    const before = (await state('viewer@acme.test')).tours.find((x) => x.tour === 'demo');
    expect(before?.version).toBe(3);
    expect((await finish('viewer@acme.test', 'demo', { version: 1 })).statusCode).toBe(200);
    expect((await state('viewer@acme.test')).tours.find((x) => x.tour === 'demo')).toEqual(before);
  });

  it('refuses an unknown tour (404), a version the tour does not have and a malformed body (400), changing nothing', async () => {
    const before = await state('owner@acme.test');
    const unknown = await finish('owner@acme.test', 'nope', { version: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found', detail: 'No such tour.' });
    const ahead = await finish('owner@acme.test', 'ztna', { version: TOUR_VERSIONS.ztna + 1 });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toMatchObject({ code: 'invalid', errors: { version: expect.any(Array) } });
    for (const body of [{}, { version: 0 }, { version: 'one' }, { version: 1, extra: true }])
      expect((await finish('owner@acme.test', 'ztna', body)).statusCode).toBe(400);
    expect(await state('owner@acme.test')).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile/tours/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/profile/tours/ztna/', payload: { version: 1 } })).statusCode).toBe(401);
  });

  it('has no tours for a guest-user, whose console is the client download page (403)', async () => {
    const guest = (await login(t.app, 'guest@acme.test')).access;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile/tours/', headers: bearer(guest) })).statusCode).toBe(403);
    const put = await t.app.inject({ method: 'PUT', url: '/api/v1/profile/tours/ztna/', headers: bearer(guest), payload: { version: 1 } });
    expect(put.statusCode).toBe(403);
  });
});
