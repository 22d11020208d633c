import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, REFRESH_TRANSPORT_HEADER, REMEMBER_ME_DAYS } from '@netloom/domain';
import { errors } from '../../http/errors';
import type { RequestContext } from './sessions';

const COOKIE_PATH = '/api/v1/auth/';

export function requestContext(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}

/** Browsers ask for the cookie transport so script never sees the refresh token. */
function wantsCookie(request: FastifyRequest): boolean {
  return request.headers[REFRESH_TRANSPORT_HEADER] === 'cookie';
}

/**
 * Hands out a refresh token: as an httpOnly cookie (7 days with remember-me, else a browser-session
 * cookie) for browsers, in the body for every other client. Returns what the body carries.
 */
export function deliverRefresh(request: FastifyRequest, reply: FastifyReply, refresh: string, remember: boolean, secure: boolean): { refresh?: string } {
  if (!wantsCookie(request)) return { refresh };
  reply.setCookie(REFRESH_COOKIE, refresh, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: COOKIE_PATH,
    ...(remember ? { maxAge: REMEMBER_ME_DAYS * 86_400 } : {}),
  });
  return {};
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });
}

/** The body form wins (API clients); browsers send the cookie. */
export function presentedRefresh(request: FastifyRequest, body: { refresh?: string } | null | undefined): string {
  const token = body?.refresh ?? request.cookies[REFRESH_COOKIE];
  if (!token) throw errors.tokenNotValid();
  return token;
}
