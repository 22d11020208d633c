import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from 'jose';
import { sessionSchema } from '@netloom/domain';
import { bearer, build, type TestApp } from '../../test/build';
import { googleIdToken, localGoogleIssuer } from '../../test/google-issuer';

describe('sign-up with a Google identity', () => {
  let t: TestApp;
  let issuer: Awaited<ReturnType<typeof localGoogleIssuer>>;
  beforeAll(async () => {
    issuer = await localGoogleIssuer();
    t = await build('pglite', (c) => ({ ...c, google: issuer.config }));
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload });
  const token = (email: string, extra: { expiresAt?: number; given_name?: string; family_name?: string } = {}) =>
    googleIdToken(issuer.privateKey, { email, ...extra });
  const fields = { first_name: 'Nina', last_name: 'New', company_name: 'Initech' };
  /** Whether the address has an account: Google sign-in answers 404 until it does. */
  const hasAccount = async (email: string) => (await post('googlelogin/', { id_token: await token(email), socialtype: 'google' })).statusCode !== 404;

  it('shows who the token names, as the provider verified it', async () => {
    const res = await post('social-signup/identity/', { id_token: await token('Nina.New@Initech.test', { given_name: 'Nina', family_name: 'New' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: 'nina.new@initech.test', first_name: 'Nina', last_name: 'New' });
  });

  it('creates the organisation with its owner already active and signs them in; later Google sign-ins reach it', async () => {
    const res = await post('social-signup/', { id_token: await token('nina.new@initech.test'), socialtype: 'google', ...fields });
    expect(res.statusCode, res.body).toBe(201);
    const session = sessionSchema.parse(res.json());
    expect(session.user).toMatchObject({ email: 'nina.new@initech.test', firstName: 'Nina', lastName: 'New', tenantName: 'Initech', role: 'owner' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/user/', headers: bearer(session.access) });
    expect(me.statusCode).toBe(200);
    const again = await post('googlelogin/', { id_token: await token('nina.new@initech.test'), socialtype: 'google' });
    expect(again.statusCode).toBe(200);
    expect(sessionSchema.parse(again.json()).user.tenantName).toBe('Initech');
  });

  it('refuses an address that already has an account, saying so, and changes nothing', async () => {
    const identity = await post('social-signup/identity/', { id_token: await token('owner@globex.test') });
    expect(identity.statusCode).toBe(409);
    const res = await post('social-signup/', { id_token: await token('owner@globex.test'), ...fields, company_name: 'Globex Two' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('An account is already registered for this Google e-mail. Please sign in instead.');
    const owner = await post('googlelogin/', { id_token: await token('owner@globex.test'), socialtype: 'google' });
    expect(sessionSchema.parse(owner.json()).user.tenantName).toBe('Globex');
  });

  it('refuses a forged or expired token and creates nothing', async () => {
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const forged = await post('social-signup/', { id_token: await googleIdToken(stranger, { email: 'forged@initech.test' }), ...fields });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('token_not_valid');
    const expired = await post('social-signup/', { id_token: await token('late@initech.test', { expiresAt: Math.floor(Date.now() / 1000) - 60 }), ...fields });
    expect(expired.statusCode).toBe(401);
    expect(await hasAccount('forged@initech.test')).toBe(false);
    expect(await hasAccount('late@initech.test')).toBe(false);
  });

  it('answers missing fields as field errors and a free-mail address with the sign-up rule, creating nothing', async () => {
    const missing = await post('social-signup/', { id_token: await token('half@initech.test'), first_name: 'Half' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['company_name', 'last_name']);
    const free = await post('social-signup/', { id_token: await token('someone@gmail.com'), ...fields });
    expect(free.statusCode).toBe(400);
    expect(free.json().errors.email).toHaveLength(1);
    expect(await hasAccount('half@initech.test')).toBe(false);
    expect(await hasAccount('someone@gmail.com')).toBe(false);
  });
});

describe('social sign-up when Google is not configured', () => {
  it('explains the refusal', async () => {
    const t = await build('pglite');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/social-signup/',
        payload: { id_token: 'a.b.c', first_name: 'A', last_name: 'B', company_name: 'C' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('not_configured');
    } finally {
      await t.close();
    }
  });
});
