import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { sessionSchema } from '@netloom/domain';
import { build, type TestApp } from '../../test/build';

const ISSUER = 'https://issuer.netloom.test';
const CLIENT_ID = 'netloom-console';

/** A local OpenID provider: a key pair and a JWKS endpoint on loopback. */
async function localIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { privateKey, jwksUrl: `http://127.0.0.1:${port}/certs`, close: () => new Promise((r) => server.close(r)) };
}

function idToken(key: CryptoKey, claims: { email: string; aud?: string; iss?: string; email_verified?: boolean }) {
  return new SignJWT({ email: claims.email, email_verified: claims.email_verified ?? true })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? CLIENT_ID)
    .setSubject('google-user-1')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

describe('Google (OpenID Connect) login', () => {
  let t: TestApp;
  let issuer: Awaited<ReturnType<typeof localIssuer>>;
  beforeAll(async () => {
    issuer = await localIssuer();
    t = await build('pglite', (c) => ({
      ...c,
      google: { clientId: CLIENT_ID, issuer: ISSUER, jwksUrl: issuer.jwksUrl, authUrl: `${ISSUER}/auth` },
    }));
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  const googleLogin = (id_token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/googlelogin/', payload: { id_token, socialtype: 'google' } });

  it('offers the Google button on the login page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/login-options/' });
    expect(res.json()).toEqual({ google: { client_id: CLIENT_ID, authorization_endpoint: `${ISSUER}/auth` } });
  });

  it('logs in the account with the verified e-mail', async () => {
    const res = await googleLogin(await idToken(issuer.privateKey, { email: 'owner@globex.test' }));
    expect(res.statusCode).toBe(200);
    expect(sessionSchema.parse(res.json()).user.tenantName).toBe('Globex');
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const res = await googleLogin(await idToken(stranger, { email: 'owner@globex.test' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_not_valid');
  });

  it('refuses a token meant for another application or from another issuer', async () => {
    const otherAudience = await googleLogin(await idToken(issuer.privateKey, { email: 'owner@globex.test', aud: 'someone-else' }));
    expect(otherAudience.statusCode).toBe(401);
    const otherIssuer = await googleLogin(await idToken(issuer.privateKey, { email: 'owner@globex.test', iss: 'https://evil.test' }));
    expect(otherIssuer.statusCode).toBe(401);
  });

  it('refuses an unverified e-mail, and tells an unknown one to sign up', async () => {
    const unverified = await googleLogin(await idToken(issuer.privateKey, { email: 'owner@globex.test', email_verified: false }));
    expect(unverified.statusCode).toBe(401);
    const unknown = await googleLogin(await idToken(issuer.privateKey, { email: 'new.person@initech.test' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/sign up/);
  });
});

describe('Google login when not configured', () => {
  it('has no button and explains the refusal', async () => {
    const t = await build('pglite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/login-options/' })).json()).toEqual({ google: null });
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/googlelogin/', payload: { id_token: 'a.b.c', socialtype: 'google' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('not_configured');
    } finally {
      await t.close();
    }
  });
});
