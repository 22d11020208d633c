import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, build, DEMO_PASSWORD, login, testBackends, type TestApp } from '../../test/build';
import { findUserByLogin } from '../../identity/repo';

const linkToken = (text: string, path: string) => {
  const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
};

describe.each(testBackends('concurrent writes'))('sign-up, activation and passwords on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(backend);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers = {}) => t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload, headers });
  const lastMailTo = (to: string) => [...t.app.mailer.outbox].reverse().find((m) => m.to === to);

  const signUp = { email: 'ceo@initech.test', password: 'initech-pass-1', first_name: 'Bill', last_name: 'Lumbergh', company_name: 'Initech' };

  it('refuses free mail providers at sign-up, field by field', async () => {
    const res = await post('auth/registration/', { ...signUp, email: 'someone@gmail.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email[0]).toMatch(/business e-mail/);
    const short = await post('auth/registration/', { ...signUp, password: 'short' });
    expect(short.json().errors.password).toEqual(['Password must be at least 8 characters']);
  });

  it('signs up an organisation whose owner can log in only after activating', async () => {
    const res = await post('auth/registration/', signUp);
    expect(res.statusCode).toBe(201);
    const mail = lastMailTo('ceo@initech.test');
    expect(mail?.subject).toMatch(/Activate/);
    expect(mail?.text).toContain('http://console.test/activate?token=');

    const early = await post('auth/login/', { username: 'ceo@initech.test', password: 'initech-pass-1' });
    expect(early.statusCode).toBe(401);
    expect(early.json().code).toBe('inactive_account');

    const token = linkToken(mail!.text, 'activate');
    expect((await post('auth/activate/', { token })).statusCode).toBe(200);
    const session = await login(t.app, 'ceo@initech.test', { payload: { username: 'ceo@initech.test', password: 'initech-pass-1' } });
    expect(session.user).toMatchObject({ role: 'owner', tenantName: 'Initech' });

    const again = await post('auth/activate/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This link is invalid or has expired.');
  });

  it('answers a sign-up with a taken e-mail or organisation name exactly as a new one, and tells the address’s owner', async () => {
    const fresh = await post('auth/registration/', { ...signUp, email: 'cfo@initrode.test', company_name: 'Initrode' });
    // Another tenant's owner and organisation name (Globex is not the caller's business).
    const taken = await post('auth/registration/', { ...signUp, email: 'owner@globex.test', company_name: 'Initrode Two' });
    const takenName = await post('auth/registration/', { ...signUp, email: 'cto@hooli.test', company_name: 'globex' });
    for (const res of [taken, takenName]) {
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.json()).toEqual(fresh.json());
    }
    expect(fresh.statusCode).toBe(201);
    // The taken address's owner hears of the attempt; no activation link goes out for it.
    const notice = lastMailTo('owner@globex.test');
    expect(notice?.subject).toMatch(/tried to sign up/);
    expect(notice?.text).not.toContain('activate?token=');
    expect(notice?.text).toContain('http://console.test/auth/forgotPassword');
    // The existing account is untouched; the new organisation of the same name is a separate one.
    expect((await post('auth/login/', { username: 'owner@globex.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await post('auth/activate/', { token: linkToken(lastMailTo('cto@hooli.test')!.text, 'activate') })).statusCode).toBe(200);
    const hooli = await login(t.app, 'cto@hooli.test', { payload: { username: 'cto@hooli.test', password: signUp.password } });
    expect(hooli.user).toMatchObject({ role: 'owner', tenantName: 'globex' });
    const globex = await login(t.app, 'owner@globex.test');
    expect(globex.user.tenantId).not.toBe(hooli.user.tenantId);
  });

  it('answers two parallel sign-ups with one new address alike, making one account', async () => {
    const both = await Promise.all([1, 2].map((n) => post('auth/registration/', { ...signUp, email: 'race@initech.test', company_name: `Race ${n}` })));
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]!.json()).toEqual(both[1]!.json());
    // One account: the loser's mail is a second activation link for it.
    const mails = t.app.mailer.outbox.filter((m) => m.to === 'race@initech.test');
    expect(mails).toHaveLength(2);
    expect((await post('auth/activate/', { token: linkToken(mails[1]!.text, 'activate') })).statusCode).toBe(200);
    expect((await post('auth/activate/', { token: linkToken(mails[0]!.text, 'activate') })).statusCode).toBe(400);
    const session = await login(t.app, 'race@initech.test', { payload: { username: 'race@initech.test', password: signUp.password } });
    expect(['Race 1', 'Race 2']).toContain(session.user.tenantName);
  });

  it('sends a never-activated account a new activation link when it signs up again', async () => {
    const again = { ...signUp, email: 'lost@initech.test', company_name: 'Lost mail' };
    expect((await post('auth/registration/', again)).statusCode).toBe(201);
    expect((await post('auth/registration/', again)).statusCode).toBe(201);
    const mails = t.app.mailer.outbox.filter((m) => m.to === 'lost@initech.test');
    expect(mails).toHaveLength(2);
    expect((await post('auth/activate/', { token: linkToken(mails[1]!.text, 'activate') })).statusCode).toBe(200);
    expect((await post('auth/login/', { username: 'lost@initech.test', password: signUp.password })).statusCode).toBe(200);
  });

  it('spends every activation link of an account once one of them is used', async () => {
    const res = await post('auth/registration/', { ...signUp, email: 'twice@initech.test', company_name: 'Twice' });
    expect(res.statusCode).toBe(201);
    const first = linkToken(lastMailTo('twice@initech.test')!.text, 'activate');
    // A second link, as 'resend' or a repeated sign-up would send.
    const user = (
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'twice@initech.test', password: signUp.password } })
    ).json();
    expect(user.code).toBe('inactive_account');
    const row = await findUserByLogin(t.app.services.db, 'twice@initech.test');
    await t.app.services.account.sendActivation({ id: row!.id, email: 'twice@initech.test', firstName: 'Bill' });
    const second = linkToken(lastMailTo('twice@initech.test')!.text, 'activate');
    expect(second).not.toBe(first);
    expect((await post('auth/activate/', { token: first })).statusCode).toBe(200);
    // The other link cannot set a new password behind the owner's back.
    const late = await post('auth/activate/', { token: second, password: 'taken-over-1' });
    expect(late.statusCode).toBe(400);
    expect((await post('auth/login/', { username: 'twice@initech.test', password: 'taken-over-1' })).statusCode).toBe(401);
  });

  it('resets a forgotten password and ends the sessions that knew the old one', async () => {
    const before = await login(t.app, 'editor@acme.test');
    const res = await post('auth/password/reset/', { email: 'editor@acme.test' });
    expect(res.statusCode).toBe(200);
    const token = linkToken(lastMailTo('editor@acme.test')!.text, 'resetpwd');
    expect((await post('auth/password/reset/confirm/', { token, password: 'brand-new-pass' })).statusCode).toBe(200);

    expect((await post('auth/login/', { username: 'editor@acme.test', password: DEMO_PASSWORD })).statusCode).toBe(401);
    expect((await post('auth/login/', { username: 'editor@acme.test', password: 'brand-new-pass' })).statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(before.access) });
    expect(stale.json().code).toBe('token_not_valid');
  });

  it('answers a reset for an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const sent = t.app.mailer.outbox.length;
    const unknown = await post('auth/password/reset/', { email: 'ghost@acme.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ detail: 'If an account exists for this e-mail, a reset link has been sent.' });
    expect(t.app.mailer.outbox.length).toBe(sent);
  });

  it('changes the password only with the old one', async () => {
    const session = await login(t.app, 'viewer@acme.test');
    const wrong = await post('auth/password/change/', { old_password: 'not-it', new_password: 'viewer-pass-2' }, bearer(session.access));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.old_password).toBeDefined();
    const ok = await post('auth/password/change/', { old_password: DEMO_PASSWORD, new_password: 'viewer-pass-2' }, bearer(session.access));
    expect(ok.statusCode).toBe(200);
    expect((await post('auth/login/', { username: 'viewer@acme.test', password: 'viewer-pass-2' })).statusCode).toBe(200);
    expect((await post('auth/password/change/', { old_password: 'x', new_password: 'yyyyyyyy' })).statusCode).toBe(401);
  });

  it('answers a reset for a known e-mail before, and whether or not, its mail goes out', async () => {
    // An SMTP server that refuses connections: the known address's mail fails, the unknown has none.
    const broken = await build(backend, (c) => ({ ...c, mail: { ...c.mail, smtpUrl: 'smtp://127.0.0.1:9' } }));
    try {
      const ask = (email: string) => broken.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset/', payload: { email } });
      const known = await ask('owner@acme.test');
      const unknown = await ask('ghost@acme.test');
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      await broken.close();
    }
  });
});
