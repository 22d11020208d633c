import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { sessionSchema, twoFactorChallengeSchema, twoFactorSetupSchema } from '@netloom/domain';
import { bearer, build, DEMO_PASSWORD, login, testBackends, type TestApp } from '../../test/build';

describe.each(testBackends())('two-factor login on %s', (backend) => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await build(backend);
    const session = await login(t.app, 'admin@acme.test');
    const setup = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/setup/', headers: bearer(session.access) });
    secret = twoFactorSetupSchema.parse(setup.json()).secret;
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2fa/enable/', headers: bearer(session.access), payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const enable = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/2fa/enable/', headers: bearer(session.access), payload: { code: authenticator.generate(secret) },
    });
    expect(enable.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const passwordStep = async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin@acme.test', password: DEMO_PASSWORD, remember: true },
    });
    expect(res.statusCode).toBe(200);
    return twoFactorChallengeSchema.parse(res.json()).ephemeral_token;
  };

  it('answers the password step with an ephemeral token instead of a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login/', payload: { username: 'admin@acme.test', password: DEMO_PASSWORD } });
    expect(res.json()).toEqual({ two_factor_required: true, ephemeral_token: expect.any(String) });
    expect(res.json().access).toBeUndefined();
  });

  it('refuses a wrong code and a forged ephemeral token', async () => {
    const ephemeral = await passwordStep();
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: ephemeral, code: '123456' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', errors: { code: ['Invalid two-factor code'] } });
    const forged = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: 'x.y.z', code: authenticator.generate(secret) },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('token_not_valid');
  });

  it('opens the session with the current code, remembering the choice of the password step', async () => {
    const ephemeral = await passwordStep();
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: ephemeral, code: authenticator.generate(secret) },
    });
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.user.twoFactorEnabled).toBe(true);
    expect(session.remember).toBe(true);
  });

  it('an access token is not an ephemeral token', async () => {
    const session = await login(t.app, 'owner@acme.test');
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/2flogin/', payload: { ephemeral_token: session.access, code: authenticator.generate(secret) },
    });
    expect(res.statusCode).toBe(401);
  });
});
