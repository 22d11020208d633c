import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { storeSecretOnce } from './repo';

const ISSUER = 'netloom';
const CHALLENGE_TTL_SECONDS = 300;
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family: revoking it ends the access tokens of that login at once. */
  sessionId: string;
}

/** High-entropy opaque tokens need no slow hash: SHA-256 keeps look-ups indexable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a second-step token is bound to: the password and the second factor of the moment. */
export function challengeBinding(user: { passwordHash: string | null; twoFactorSecret: string | null }): string {
  return hashToken(`${user.passwordHash ?? ''}|${user.twoFactorSecret ?? ''}`).slice(0, 32);
}

export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export async function loadSigningKey(db: Db, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  const stored = await storeSecretOnce(db, 'jwt', generated);
  if (stored === undefined) throw new Error('JWT signing key could not be stored');
  return new TextEncoder().encode(stored);
}

export class TokenService {
  /** Imported once: handing jose raw bytes would import the HMAC key again on every request. */
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(
    secret: Uint8Array,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = createSecretKey(secret);
  }

  async signAccess(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.accessTtlSeconds * 1000);
    const token = await new SignJWT({ typ: 'access', sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /**
   * Null for anything that is not a valid, unexpired access token of ours. A token verified once
   * is remembered until it expires: HMAC through WebCrypto costs more than the rest of a cached
   * request, and the exact same string can only verify the same way again.
   */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known && known.exp > Date.now()) return known.claims;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !payload.sub || !payload.exp) return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, exp: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }

  /**
   * The ephemeral token between the password step and the 2FA code step. `binding` is a digest of
   * the credentials it was earned with (challengeBinding): changing the password or the second
   * factor voids every token handed out before.
   */
  signChallenge(userId: string, remember: boolean, binding: string): Promise<string> {
    return new SignJWT({ typ: 'mfa', remember, bnd: binding })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verifyChallenge(token: string): Promise<{ userId: string; remember: boolean; binding: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.typ !== 'mfa' || !payload.sub || typeof payload.bnd !== 'string') return null;
      return { userId: payload.sub, remember: payload.remember === true, binding: payload.bnd };
    } catch {
      return null;
    }
  }
}
