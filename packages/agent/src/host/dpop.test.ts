import { describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { DpopChecker, dpopProblem } from './dpop';

const { privateKey, publicKey } = await generateKeyPair('ES256');
const jwk = await exportJWK(publicKey);

const proof = (claims: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  new SignJWT({ jti: crypto.randomUUID(), htm: 'POST', htu: 'https://api.example.com/pay', iat: Math.floor(Date.now() / 1000), ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk, ...header })
    .sign(privateKey);

const request = { method: 'POST', url: 'https://api.example.com/pay?amount=3' };
const never = () => false;

describe('DPoP proofs (RFC 9449)', () => {
  it('takes a fresh proof for this method and URL, signed by the key it carries', async () => {
    expect(await dpopProblem(await proof({}), request, 60, never)).toBeNull();
  });

  it('refuses a missing proof, another method or URL, an old one, a replayed one, a symmetric or private key', async () => {
    expect(await dpopProblem(undefined, request, 60, never)).toBe('no DPoP header');
    expect(await dpopProblem(await proof({ htm: 'GET' }), request, 60, never)).toBe('htm is not POST');
    expect(await dpopProblem(await proof({ htu: 'https://api.example.com/other' }), request, 60, never)).toBe('htu is not this URL');
    expect(await dpopProblem(await proof({ iat: Math.floor(Date.now() / 1000) - 120 }), request, 60, never)).toBe('iat is more than 60 s away');
    expect(await dpopProblem(await proof({}, { typ: 'JWT' }), request, 60, never)).toBe('typ is not dpop+jwt');
    const other = await exportJWK((await generateKeyPair('ES256')).publicKey);
    expect(await dpopProblem(await proof({}, { jwk: other }), request, 60, never)).toBe('the signature does not verify with the embedded jwk');
    expect(await dpopProblem('not.a.jwt', request, 60, never)).toBe('the DPoP header is not a JWT');
    const { privateKey: priv } = await generateKeyPair('ES256', { extractable: true });
    expect(await dpopProblem(await proof({}, { jwk: await exportJWK(priv) }), request, 60, never)).toBe('the jwk is not a public key');
  });

  it('answers nginx 204 once and 401 for the same proof again, keeping the reason for the log', async () => {
    const checker = new DpopChecker();
    const at = await checker.start();
    try {
      const p = await proof({});
      const ask = (id: string) =>
        fetch(`http://${at}/check`, {
          headers: { dpop: p, 'x-original-method': 'POST', 'x-original-url': request.url, 'x-request-id': id, 'x-dpop-max-age': '60' },
        });
      expect((await ask('r1')).status).toBe(204);
      expect((await ask('r2')).status).toBe(401);
      expect(checker.takeRefusal('r1')).toBeNull();
      expect(checker.takeRefusal('r2')).toBe('the proof was used before (jti)');
      expect(checker.takeRefusal('r2')).toBeNull();
    } finally {
      await checker.stop();
    }
  });
});
