import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import type { Sessions } from './accounts';
import type { Principal } from './types';

/**
 * Everyone who calls the API against the victim: the provider's super admin (with no tenant and
 * in the attacker's), every role of the attacker tenant, another tenant's owner, nobody, and the
 * victim owner's own claims under forged signatures.
 */
export async function principalsOf(sessions: Sessions, otherOwnerToken: string): Promise<Principal[]> {
  const superToken = sessions['super@demo.test'];
  const user = (name: string, token: string, home: Principal['home'] = 'attacker'): Principal => ({ name, token, isSuperAdmin: false, authentic: true, home });
  return [
    { name: 'super admin, no tenant', token: superToken, isSuperAdmin: true, authentic: true, home: 'none' },
    { name: 'super admin in attacker tenant', token: superToken, isSuperAdmin: true, authentic: true, home: 'attacker' },
    user('owner', sessions['owner@acme.test']),
    user('admin', sessions['admin@acme.test']),
    user('editor', sessions['editor@acme.test']),
    user('viewer', sessions['viewer@acme.test']),
    user('guest-user', sessions['guest@acme.test']),
    user('other tenant owner', otherOwnerToken, 'other'),
    { name: 'no token', token: null, isSuperAdmin: false, authentic: false, home: 'none' },
    ...(await forgedTokens(sessions['owner@globex.test'])),
  ];
}

/** The victim owner's claims, signed with a key that is not the server's, and not signed at all. */
async function forgedTokens(victimToken: string): Promise<Principal[]> {
  const claims = decodeJwt(victimToken);
  const body = { typ: 'access', sid: claims.sid };
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const otherKey = await new SignJWT(body)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuer(String(claims.iss))
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(randomBytes(48));
  const unsigned = new UnsecuredJWT(body).setSubject(String(claims.sub)).setIssuer(String(claims.iss)).setIssuedAt().setExpirationTime(expires).encode();
  return [
    { name: 'forged token (other key)', token: otherKey, isSuperAdmin: false, authentic: false, home: 'none' },
    { name: 'forged token (alg none)', token: unsigned, isSuperAdmin: false, authentic: false, home: 'none' },
  ];
}
