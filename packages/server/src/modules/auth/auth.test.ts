import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema, rememberMeResponseSchema, sessionSchema, tokenPairSchema, userSchema, TOKEN_NOT_VALID_DETAIL } from '@netloom/domain';
import { bearer, build, DEMO_PASSWORD, login, testBackends, type TestApp } from '../../test/build';

const tokenNotValid = { detail: TOKEN_NOT_VALID_DETAIL, code: 'token_not_valid' };

describe.each(testBackends('concurrent writes'))('auth sessions on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(backend);
  });
  afterAll(() => t.close());

  it('logs in with the e-mail as username and answers who is logged in', async () => {
    const session = await login(t.app, 'owner@acme.test');
    expect(session.user).toMatchObject({ email: 'owner@acme.test', role: 'owner', tenantName: 'Acme', isSuperAdmin: false });
    expect(session.refresh).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) });
    expect(me.statusCode).toBe(200);
    expect(userSchema.parse(me.json()).email).toBe('owner@acme.test');
  });

  it('answers a wrong password and an unknown user with the same error', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'viewer@acme.test', password: 'nope-nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'nobody@acme.test', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(apiErrorSchema.parse(wrong.json()).code).toBe('no_active_account');
  });

  it('rejects a login without a password field by field, in the error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'owner@acme.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Invalid input.', code: 'invalid', errors: { password: ['Field is required'] } });
  });

  it('answers the catalogue token error for a forged token, and asks for credentials when there is none', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer('abc.def.ghi') });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual(tokenNotValid);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('not_authenticated');
  });

  it('gives browsers the refresh token only as an httpOnly cookie, 7 days with remember-me', async () => {
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'x-refresh-transport': 'cookie' },
      payload: { username: 'editor@acme.test', password: DEMO_PASSWORD, remember: true },
    });
    expect(remembered.statusCode).toBe(200);
    expect(remembered.json().refresh).toBeUndefined();
    const cookie = remembered.cookies.find((c) => c.name === 'netloom_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/v1/auth/', sameSite: 'Strict', maxAge: 604800 });

    const browserSession = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      headers: { 'x-refresh-transport': 'cookie' },
      payload: { username: 'editor@acme.test', password: DEMO_PASSWORD, remember: false },
    });
    const sessionCookie = browserSession.cookies.find((c) => c.name === 'netloom_refresh');
    expect(sessionCookie?.value).toBeTruthy();
    expect(sessionCookie?.maxAge).toBeUndefined();

    // The cookie alone resumes the session after a reload.
    const resumed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/remember-me/',
      headers: { 'x-refresh-transport': 'cookie' },
      cookies: { netloom_refresh: cookie!.value },
    });
    expect(resumed.statusCode).toBe(200);
    const session = sessionSchema.parse(resumed.json());
    expect(session.user.email).toBe('editor@acme.test');
    expect(session.remember).toBe(true);
    expect(resumed.cookies.find((c) => c.name === 'netloom_refresh')?.value).not.toBe(cookie!.value);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('rotates refresh tokens, and a reused one revokes the whole session', async () => {
    const first = await login(t.app, 'admin@acme.test');
    const rotated = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: first.refresh } });
    expect(rotated.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(rotated.json());
    expect(pair.refresh).not.toBe(first.refresh);

    // Later than a tab race could explain: the replay is treated as theft.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: first.refresh } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(tokenNotValid);

    // The thief's replay ended the family: the legitimate newest token and its access token are dead too.
    const next = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: pair.refresh } });
    expect(next.statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(pair.access) });
    expect(me.json()).toEqual(tokenNotValid);

    // Other sessions of the same user are untouched.
    const other = await login(t.app, 'admin@acme.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(other.access) })).statusCode).toBe(200);
  });

  it('treats a replay in the same instant as two tabs racing: no revocation, the new token works', async () => {
    const first = await login(t.app, 'owner@acme.test');
    const winner = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: first.refresh } });
    const loser = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: first.refresh } });
    expect(loser.statusCode).toBe(409);
    expect(loser.json().code).toBe('refresh_race');
    const next = await t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: winner.json().refresh } });
    expect(next.statusCode).toBe(200);
  });

  it('logs out: the refresh token and the access token stop working at once', async () => {
    const session = await login(t.app, 'viewer@acme.test');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout/', payload: { refresh: session.refresh } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'netloom_refresh')?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(tokenNotValid);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/remember-me/', payload: { refresh: session.refresh } });
    expect(refresh.json()).toEqual(tokenNotValid);
  });

  it('answers remember-me without any token with no session, not an error (a first visit has no cookie)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/remember-me/', headers: { 'x-refresh-transport': 'cookie' } });
    expect(res.statusCode).toBe(200);
    expect(rememberMeResponseSchema.parse(res.json())).toEqual({ session: null });
    // A token that is presented and refused is still the token error.
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/auth/remember-me/', cookies: { netloom_refresh: 'not-a-token' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(tokenNotValid);
  });

  it('gives logged-in users the client download paths, and nobody else', async () => {
    const guest = await login(t.app, 'guest@acme.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/mza-pkg-paths/', headers: bearer(guest.access) });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail.Windows).toMatch(/\.msi$/);
    expect(res.json().detail['Linux-UI']).toMatch(/\.deb$/);
    expect(res.json().detail.macOS).toContain('2.1.10');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/mza-pkg-paths/' })).statusCode).toBe(401);
  });
});
