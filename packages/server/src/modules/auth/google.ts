import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config';

/** The verified e-mail, and the names the provider gives (empty when it gives none). */
export interface GoogleIdentity {
  email: string;
  firstName: string;
  lastName: string;
}

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity | null>;

/** Verifies an OpenID Connect id_token: signature against the issuer's JWKS, issuer, audience, expiry. */
export function createGoogleVerifier(google: NonNullable<Config['google']>): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl));
  // Google signs with either form of its issuer name.
  const issuers = [google.issuer, google.issuer.replace(/^https:\/\//, '')];
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, jwks, { issuer: issuers, audience: google.clientId });
      if (typeof payload.email !== 'string' || payload.email_verified === false) return null;
      const name = (claim: unknown) => (typeof claim === 'string' ? claim.slice(0, 50) : '');
      return { email: payload.email, firstName: name(payload.given_name), lastName: name(payload.family_name) };
    } catch {
      return null;
    }
  };
}
