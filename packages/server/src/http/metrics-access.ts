import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { ERROR_CODES } from '@netloom/domain';
import { AppError } from './errors';

// Both sides are hashed first: timingSafeEqual needs equal lengths, and comparing digests tells
// a caller neither the token's length nor how much of a guess was right.
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries exactly this bearer token, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return timingSafeEqual(digest(sent ?? ''), digest(token)) && sent !== undefined;
}

/**
 * The scrape token's check (METRICS_TOKEN), as a route's onRequest hook: 401 in the API's error
 * shape, with the challenge a client expects, for a missing or wrong token alike.
 */
export function requireBearer(token: string): onRequestAsyncHookHandler {
  return async (request, reply) => {
    if (bearerMatches(request.headers.authorization, token)) return;
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    throw new AppError(401, ERROR_CODES.notAuthenticated, 'A valid metrics token is required.');
  };
}
