import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';

/** Proof ids remembered against replay: enough for a busy API's max_age window, bounded so a flood cannot fill the agent's memory. */
const JTI_CACHE = 100_000;
/** Refusals remembered for the log tailer (by request id) until it reads the access line. */
const REFUSALS_KEPT = 10_000;

const parseUrl = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/** Why a DPoP proof (RFC 9449 §4.3) is refused; null when it is good for this request. */
export async function dpopProblem(
  proof: string | undefined,
  request: { method: string; url: string },
  maxAgeS: number,
  seen: (jti: string) => boolean,
  nowS = Date.now() / 1000,
): Promise<string | null> {
  if (!proof) return 'no DPoP header';
  if (proof.includes(',')) return 'more than one DPoP header';
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    return 'the DPoP header is not a JWT';
  }
  if (header.typ !== 'dpop+jwt') return 'typ is not dpop+jwt';
  if (!header.alg || header.alg === 'none' || header.alg.startsWith('HS')) return 'alg is not an asymmetric signature';
  const jwk = header.jwk as JWK | undefined;
  if (!jwk || typeof jwk !== 'object') return 'no public jwk in the header';
  if ('d' in jwk || 'k' in jwk) return 'the jwk is not a public key';
  let payload: Record<string, unknown>;
  try {
    const key = await importJWK(jwk, header.alg);
    ({ payload } = await jwtVerify(proof, key, { typ: 'dpop+jwt', algorithms: [header.alg] }));
  } catch {
    return 'the signature does not verify with the embedded jwk';
  }
  if (typeof payload.jti !== 'string' || payload.jti.length === 0 || payload.jti.length > 256) return 'no jti';
  if (payload.htm !== request.method) return `htm is not ${request.method}`;
  const target = parseUrl(request.url);
  const htu = typeof payload.htu === 'string' ? parseUrl(payload.htu) : null;
  if (!target) return 'the request URL is not known';
  // The query and fragment are not part of htu (§4.3, item 9).
  if (!htu || `${htu.protocol}//${htu.host}${htu.pathname}` !== `${target.protocol}//${target.host}${target.pathname}`) return 'htu is not this URL';
  if (typeof payload.iat !== 'number' || Math.abs(nowS - payload.iat) > maxAgeS) return `iat is more than ${maxAgeS} s away`;
  const replayKey = `${await calculateJwkThumbprint(jwk)}:${payload.jti}`;
  if (seen(replayKey)) return 'the proof was used before (jti)';
  return null;
}

/**
 * The edge's DPoP checker: nginx asks it (auth_request) about each request on a DPoP path, with
 * the request's method, URL and id in headers; it answers 204 for a good proof and 401 otherwise,
 * and keeps the reason for the log tailer, which reports the refusal as an attack.
 */
export class DpopChecker {
  private server: http.Server | null = null;
  private readonly jtis = new Map<string, number>();
  private readonly refusals = new Map<string, string>();

  /** Listens on 127.0.0.1 (a port of the system's choosing unless given); its host:port for nginx. */
  async start(port = 0): Promise<string> {
    this.server = http.createServer((req, res) => {
      void this.check(req).then((problem) => {
        const requestId = String(req.headers['x-request-id'] ?? '');
        if (problem && requestId) {
          this.refusals.set(requestId, problem);
          if (this.refusals.size > REFUSALS_KEPT) this.refusals.delete(this.refusals.keys().next().value!);
        }
        res.writeHead(problem ? 401 : 204, problem ? { 'WWW-Authenticate': `DPoP error="invalid_dpop_proof", error_description="${problem}"` } : {});
        res.end();
      });
    });
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private check(req: http.IncomingMessage): Promise<string | null> {
    const h = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v.join(',') : v;
    };
    const maxAge = Number(h('x-dpop-max-age')) || 60;
    return dpopProblem(h('dpop'), { method: h('x-original-method') ?? '', url: h('x-original-url') ?? '' }, maxAge, (key) => this.seen(key, maxAge)).catch(
      () => 'the proof could not be checked',
    );
  }

  /** Whether this proof was used before; it is remembered for its max age (and the cache stays bounded). */
  private seen(key: string, maxAgeS: number): boolean {
    const now = Date.now();
    const until = this.jtis.get(key);
    if (until !== undefined && until > now) return true;
    this.jtis.set(key, now + 2 * maxAgeS * 1000);
    if (this.jtis.size > JTI_CACHE) {
      for (const [k, t] of this.jtis) {
        if (t <= now || this.jtis.size > JTI_CACHE) this.jtis.delete(k);
        if (this.jtis.size <= JTI_CACHE * 0.9) break;
      }
    }
    return false;
  }

  /** Why the request with this id was refused (told once), null when it was not. */
  takeRefusal(requestId: string): string | null {
    const why = this.refusals.get(requestId);
    if (why === undefined) return null;
    this.refusals.delete(requestId);
    return why;
  }

  async stop(): Promise<void> {
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
    this.server = null;
  }
}
