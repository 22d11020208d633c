import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config';

export type GoogleVerifier = (idToken: string) => Promise<{ email: string } | null>;

/** Verifies an OpenID Connect id_token: signature against the issuer's JWKS, issuer, audience, expiry. */
export function createGoogleVerifier(google: NonNullable<Config['google']>): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl));
  // Google signs with either form of its issuer name.
  const issuers = [google.issuer, google.issuer.replace(/^https:\/\//, '')];
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, { issuer: issuers, audience: google.clientId });
      if (typeof payload.email !== 'string' || payload.email_verified === false) return null;
      return { email: payload.email };
    } catch {
      return null;
    }
  };
}
