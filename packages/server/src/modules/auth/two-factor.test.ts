import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { logListSchema, sessionSchema, twoFactorChallengeSchema, twoFactorSetupSchema, WRONG_TWO_FACTOR_CODE } from '@netloom/domain';
import { bearer, build, DEMO_PASSWORD, login, testBackends, type TestApp } from '../../test/build';
import { users } from '../../db/schema/index';

const STEP_MS = 30_000;

/**
 * The clock is held still (only Date is faked) so that a code's time step is the test's choice,
 * never a step boundary crossed while the test runs.
 */
let now = 0;
const setStep = (step: number) => {
  now = step * STEP_MS + 10_000;
  vi.setSystemTime(now);
};
const currentStep = () => Math.floor(now / STEP_MS);
const codeAt = (secret: string, step: number) => generateSync({ secret, epoch: (step * STEP_MS) / 1000 + 1 });

describe.each(testBackends('concurrent writes'))('two-factor login on %s', (backend) => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setStep(Math.floor(Date.now() / STEP_MS));
    t = await build(backend, (c) => ({ ...c, loginLimits: { ...c.loginLimits, userMaxFailures: 3 } }));
    const session = await login(t.app, 'admin@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(session.access) });
    secret = twoFactorSetupSchema.parse(setup.json()).secret;
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/enable/', headers: bearer(session.access), payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    // Said in words, in the detail a form shows as well as at the field.
    expect(wrong.json()).toEqual({ detail: WRONG_TWO_FACTOR_CODE, code: 'invalid_code', errors: { code: [WRONG_TWO_FACTOR_CODE] } });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/enable/',
      headers: bearer(session.access),
      payload: { code: codeAt(secret, currentStep()) },
    });
    expect(enable.statusCode).toBe(200);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });
  // Each test starts two steps on, with every earlier code spent.
  beforeEach(() => setStep(currentStep() + 2));

  const passwordStep = async (username = 'admin@acme.test') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      payload: { username, password: DEMO_PASSWORD, remember: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return twoFactorChallengeSchema.parse(res.json()).ephemeral_token;
  };
  const secondStep = async (code: string, username = 'admin@acme.test') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: await passwordStep(username), code } });

  it('answers the password step with an ephemeral token instead of a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin@acme.test', password: DEMO_PASSWORD } });
    expect(res.json()).toEqual({ two_factor_required: true, ephemeral_token: expect.any(String) });
    expect(res.json().access).toBeUndefined();
  });

  it('refuses a wrong code and a forged ephemeral token', async () => {
    const wrong = await secondStep('123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: WRONG_TWO_FACTOR_CODE, code: 'invalid_code', errors: { code: [WRONG_TWO_FACTOR_CODE] } });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2flogin/',
      payload: { ephemeral_token: 'x.y.z', code: codeAt(secret, currentStep()) },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('token_not_valid');
    // The right code afterwards still works: one miss is not a lock.
    expect((await secondStep(codeAt(secret, currentStep()))).statusCode).toBe(200);
  });

  it('opens the session with the current code, remembering the choice of the password step', async () => {
    const res = await secondStep(codeAt(secret, currentStep()));
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.user.twoFactorEnabled).toBe(true);
    expect(session.remember).toBe(true);
  });

  it('accepts a code once: not again in its step, nor an older step’s code afterwards', async () => {
    const step = currentStep();
    expect((await secondStep(codeAt(secret, step))).statusCode).toBe(200);
    const replay = await secondStep(codeAt(secret, step));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_code');
    // The previous step's code is still inside the drift window, but older than the one used.
    expect((await secondStep(codeAt(secret, step - 1))).statusCode).toBe(400);
    // The next step's code (a phone running ahead) is new.
    expect((await secondStep(codeAt(secret, step + 1))).statusCode).toBe(200);
  });

  it('lets only one of two parallel logins with the same code through', async () => {
    const code = codeAt(secret, currentStep());
    const [a, b] = await Promise.all([passwordStep(), passwordStep()]);
    const answers = await Promise.all(
      [a, b].map((ephemeral_token) => t.app.inject({ method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token, code } })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('an access token is not an ephemeral token', async () => {
    const session = await login(t.app, 'owner@acme.test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2flogin/',
      payload: { ephemeral_token: session.access, code: codeAt(secret, currentStep()) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not take the code that turned 2FA on, nor the login’s code to turn it off', async () => {
    const session = await login(t.app, 'editor@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(session.access) });
    const own = twoFactorSetupSchema.parse(setup.json()).secret;
    const step = currentStep();
    const on = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/enable/', headers: bearer(session.access), payload: { code: codeAt(own, step) } });
    expect(on.statusCode).toBe(200);
    expect((await secondStep(codeAt(own, step), 'editor@acme.test')).statusCode).toBe(400);
    const signedIn = await secondStep(codeAt(own, step + 1), 'editor@acme.test');
    expect(signedIn.statusCode).toBe(200);
    const access = sessionSchema.parse(signedIn.json()).access;
    const off = (code: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/disable/', headers: bearer(access), payload: { code } });
    expect((await off(codeAt(own, step + 1))).statusCode).toBe(400);
    setStep(step + 2);
    expect((await off(codeAt(own, step + 2))).statusCode).toBe(200);
  });

  it('hands out a secret of 20 bytes (32 base32 characters) whose setup link names Netloom and the account', async () => {
    const session = await login(t.app, 'owner@globex.test');
    const setup = twoFactorSetupSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(session.access) })).json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const link = new URL(setup.otpauth_url);
    expect(`${link.protocol}//${link.host}${decodeURIComponent(link.pathname)}`).toBe('otpauth://totp/Netloom:owner@globex.test');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ secret: setup.secret, issuer: 'Netloom' });
  });

  it('records failed second factors in the login log the owner reads', async () => {
    await secondStep('654321');
    const owner = await login(t.app, 'owner@acme.test');
    const logs = await t.app.inject({ method: 'GET', url: '/api/v1/logs/login-logs/?search=2fa&page_size=0', headers: bearer(owner.access) });
    const failed = logListSchema.parse(logs.json()).results.filter((r) => r.action === 'auth.login_failed' && r.user === 'admin@acme.test');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.details).toMatchObject({ method: '2fa' });
  });

  it('stops second-factor guessing after the per-user limit; a fresh password step does not reset it', async () => {
    const session = await login(t.app, 'viewer@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(session.access) });
    const own = twoFactorSetupSchema.parse(setup.json()).secret;
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/enable/',
      headers: bearer(session.access),
      payload: { code: codeAt(own, currentStep()) },
    });
    expect(on.statusCode).toBe(200);
    setStep(currentStep() + 2);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await secondStep(String(100_000 + i), 'viewer@acme.test')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Even the right code waits out the window: the password alone must not buy more guesses.
    const right = await secondStep(codeAt(own, currentStep()), 'viewer@acme.test');
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('throttled');
  });
  it('still takes the codes of a secret handed out before otplib 13, as the authenticator app already holding it makes them', async () => {
    // A 10-byte secret (16 base32 characters), the length otplib 12 generated, and the codes
    // otplib 12 made from it at two steps (written down from otplib 12.0.1 itself). The steps are
    // in 2065, ahead of every other test's clock, so this test comes last.
    const legacy = 'KVKFKRCPNZQUYMLX';
    await t.app.services.db
      .update(users)
      .set({ twoFactorSecret: legacy, twoFactorEnabled: true, totpLastStep: null })
      .where(eq(users.email, 'owner@globex.test'));
    setStep(100_000_000);
    expect((await secondStep('123456', 'owner@globex.test')).statusCode).toBe(400);
    expect((await secondStep('530815', 'owner@globex.test')).statusCode).toBe(200);
    setStep(100_000_001);
    expect((await secondStep('857336', 'owner@globex.test')).statusCode).toBe(200);
  });
});
