import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';

const GOOGLE_TEST_ISSUER = 'https://issuer.netloom.test';
const GOOGLE_TEST_CLIENT_ID = 'netloom-console';

/** A local OpenID provider: a key pair and a JWKS endpoint on loopback. */
export async function localGoogleIssuer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    privateKey,
    config: { clientId: GOOGLE_TEST_CLIENT_ID, issuer: GOOGLE_TEST_ISSUER, jwksUrl: `http://127.0.0.1:${port}/certs`, authUrl: `${GOOGLE_TEST_ISSUER}/auth` },
    close: () => new Promise((r) => server.close(r)),
  };
}

/** An id_token as Google signs it; `expiresIn` in the past makes an expired one. */
export function googleIdToken(
  key: CryptoKey,
  claims: { email: string; given_name?: string; family_name?: string; email_verified?: boolean; expiresAt?: number },
): Promise<string> {
  return new SignJWT({ email: claims.email, email_verified: claims.email_verified ?? true, given_name: claims.given_name, family_name: claims.family_name })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(GOOGLE_TEST_ISSUER)
    .setAudience(GOOGLE_TEST_CLIENT_ID)
    .setSubject(`google-${claims.email}`)
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt ?? '5m')
    .sign(key);
}
