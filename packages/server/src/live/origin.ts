import type { FastifyRequest } from 'fastify';
import { errors } from '../http/errors';

/**
 * Which pages may open the live socket: the console's own (PUBLIC_URL's origin, the extra
 * ALLOWED_ORIGINS, or a page served by this very host, which keeps `npm start` on any address and
 * a dev server's proxy working). Browsers always send Origin on a websocket handshake, so a
 * request without one is not a browser page of another site: it is let through to the token check
 * like any other client. 'null' (sandboxed frames, files) is refused.
 */
function originAllowed(allowed: ReadonlySet<string>, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (page.origin === 'null') return false;
  if (allowed.has(page.origin)) return true;
  if (!host) return false;
  try {
    return new URL(`${page.protocol}//${host}`).host === page.host;
  } catch {
    return false;
  }
}

/** preValidation hook: another site's page is answered 403 before the websocket exists. */
export function checkOrigin(origins: readonly string[]) {
  const allowed = new Set(origins.map((o) => new URL(o).origin));
  return async (request: FastifyRequest): Promise<void> => {
    if (!originAllowed(allowed, request.headers.origin, request.host)) throw errors.forbidden('This page may not open the live feed.');
  };
}
