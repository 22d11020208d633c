import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { twoFactorSetupSchema, type Session } from '@netloom/domain';
import { topics } from '../../bus/topics';
import { bearer, build, DEMO_PASSWORD, login, testBackends, type TestApp } from '../../test/build';

/** Password and 2FA changes end every other session of the user at once (ASVS 7.4.3). */
describe.each(testBackends('pglite'))('sessions ended by account changes on %s', (backend) => {
  let t: TestApp;
  const events: unknown[] = [];
  beforeAll(async () => {
    t = await build(backend);
    await t.app.services.bus.subscribe(topics.sessions(), (m) => {
      events.push(m);
    });
  });
  afterAll(() => t.close());

  const me = (s: Session) => t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(s.access) });
  const refresh = (s: Session) => t.app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh/', payload: { refresh: s.refresh } });
  const post = (s: Session, url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: bearer(s.access), payload });

  /** The other session is out (access and refresh), the changing one still in (both). */
  const expectOnlyKept = async (kept: Session, ended: Session) => {
    expect((await me(ended)).json().code).toBe('token_not_valid');
    expect((await refresh(ended)).statusCode).toBe(401);
    expect((await me(kept)).statusCode).toBe(200);
    expect((await refresh(kept)).statusCode).toBe(200);
  };

  it('a password change ends the other sessions, keeps this one, and says so on the bus', async () => {
    const other = await login(t.app, 'editor@acme.test');
    // Used once so its principal sits in the cache: the change must not wait for it to expire.
    expect((await me(other)).statusCode).toBe(200);
    const self = await login(t.app, 'editor@acme.test');
    const res = await post(self, 'auth/password/change/', { old_password: DEMO_PASSWORD, new_password: 'editor-pass-2' });
    expect(res.statusCode, res.body).toBe(200);
    await expectOnlyKept(self, other);
    expect(events).toContainEqual({ kind: 'user_sessions', id: self.user.id, keep: expect.any(String) });
  });

  it('turning 2FA on and off each end the other sessions', async () => {
    const other = await login(t.app, 'viewer@acme.test');
    const self = await login(t.app, 'viewer@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(self.access) });
    const secret = twoFactorSetupSchema.parse(setup.json()).secret;
    expect((await post(self, 'auth/2fa/enable/', { code: generateSync({ secret }) })).statusCode).toBe(200);
    await expectOnlyKept(self, other);

    const third = await login(t.app, 'admin@acme.test');
    const admin = await login(t.app, 'admin@acme.test');
    const adminSetup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(admin.access) });
    const adminSecret = twoFactorSetupSchema.parse(adminSetup.json()).secret;
    const on = await post(admin, 'auth/2fa/enable/', { code: generateSync({ secret: adminSecret }) });
    expect(on.statusCode).toBe(200);
    const fourth = await login(t.app, 'owner@acme.test');
    expect((await me(fourth)).statusCode).toBe(200);
    const off = await post(admin, 'auth/2fa/disable/', { code: (on.json() as { recovery_codes: string[] }).recovery_codes[0] });
    expect(off.statusCode, off.body).toBe(200);
    await expectOnlyKept(admin, third);
    // Another user's sessions are untouched.
    expect((await me(fourth)).statusCode).toBe(200);
  });

  it('a second-step token handed out before a password change no longer opens a session', async () => {
    const self = await login(t.app, 'owner@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(self.access) });
    const secret = twoFactorSetupSchema.parse(setup.json()).secret;
    expect((await post(self, 'auth/2fa/enable/', { code: generateSync({ secret }) })).statusCode).toBe(200);
    const step = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'owner@acme.test', password: DEMO_PASSWORD } });
    const ephemeral = (step.json() as { ephemeral_token: string }).ephemeral_token;
    expect((await post(self, 'auth/password/change/', { old_password: DEMO_PASSWORD, new_password: 'owner-pass-2' })).statusCode).toBe(200);
    // The next step's code is unspent (the phone may run ahead by one step).
    const next = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: ephemeral, code: next } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_not_valid');
  });

  it('a password reset by e-mail link ends every session, and outdates other reset links', async () => {
    const before = await login(t.app, 'owner@globex.test');
    const ask = () => t.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset/', payload: { email: 'owner@globex.test' } });
    const link = () => /resetpwd\?token=([\w-]+)/.exec([...t.app.mailer.outbox].reverse().find((m) => m.to === 'owner@globex.test')!.text)![1]!;
    await ask();
    const first = link();
    await ask();
    const second = link();
    const confirm = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset/confirm/', payload: { token, password } });
    expect((await confirm(second, 'globex-pass-2')).statusCode).toBe(200);
    expect((await me(before)).json().code).toBe('token_not_valid');
    expect((await refresh(before)).statusCode).toBe(401);
    // The older link, sent before the reset, no longer sets a password.
    expect((await confirm(first, 'globex-pass-3')).statusCode).toBe(400);
    expect(events).toContainEqual({ kind: 'user_sessions', id: before.user.id, keep: null });
  });
});
