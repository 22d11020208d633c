import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One line per request, written when it is answered, at a level that says whether anyone needs
 * to read it: failures (5xx) at error with what went wrong, deliberate 503s (database away, not
 * ready) at warn because the outage is reported once elsewhere, slow answers at warn, throttling
 * (429) at info because a flood is worth seeing, and everything else — successes, the console's
 * other 4xx (a session probe's 401, a missing favicon), static files, socket upgrades — at debug.
 * Fastify's own per-request lines are off (disableRequestLogging), so this is the only one.
 */

export interface Failure {
  err?: unknown;
  /** The line's message; 'request failed' when not given. */
  msg?: string;
  level?: 'error' | 'warn';
  [field: string]: unknown;
}

const failures = new WeakMap<FastifyRequest, Failure>();

/** What the error handler knows of a failed request, written on the request's one line. */
export function noteFailure(request: FastifyRequest, failure: Failure): void {
  failures.set(request, failure);
}

export function logRequests(app: FastifyInstance, opts: { slowMs: number }): void {
  app.addHook('onResponse', async (request, reply) => {
    const statusCode = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime);
    // A socket's upgrade is answered once it closes: its lifetime is not a response time.
    const upgraded = statusCode === 101 || request.headers.upgrade !== undefined;
    const line = { reqId: request.id, method: request.method, url: request.url.split('?')[0], statusCode, responseTime };
    if (statusCode >= 500) {
      const { msg = 'request failed', level = statusCode === 503 ? 'warn' : 'error', ...fields } = failures.get(request) ?? {};
      request.log[level]({ ...line, ...fields }, msg);
    } else if (responseTime > opts.slowMs && !upgraded) {
      request.log.warn(line, 'slow request');
    } else if (statusCode === 429) {
      request.log.info(line, 'request throttled');
    } else {
      request.log.debug(line, 'request');
    }
  });
}

/** The header a request id comes in and goes out on: a proxy's id is kept, so one id follows a call through both logs. */
const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Fastify's genReqId: the caller's id when it is a plain token, else a fresh UUID (unique across instances, unlike a counter). */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer carries its request id, so a user's report of a failure names the log line. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
