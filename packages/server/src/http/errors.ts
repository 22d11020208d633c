import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import '@fastify/static';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, TOKEN_NOT_VALID_DETAIL, UNAVAILABLE_DETAIL, type ApiErrorBody } from '@netloom/domain';
import { isDatabaseUnavailable, unavailableReason } from '../db/unavailable';
import { noteFailure } from './request-log';
import { allowedMethods } from './allowed-methods';

/** Seconds a client is asked to wait after a 503: about one reconnect attempt of the pool. */
const RETRY_AFTER_SECONDS = 5;

/** The one error type of the server: handlers throw it, the error handler shapes it. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }
}

export const errors = {
  tokenNotValid: () => new AppError(401, ERROR_CODES.tokenNotValid, TOKEN_NOT_VALID_DETAIL),
  notAuthenticated: () => new AppError(401, ERROR_CODES.notAuthenticated, 'Authentication credentials were not provided.'),
  forbidden: (detail = 'You do not have permission to perform this action.') => new AppError(403, ERROR_CODES.permissionDenied, detail),
  notFound: (detail = 'Not found.') => new AppError(404, ERROR_CODES.notFound, detail),
  invalid: (fields: Record<string, string[]>, detail = 'Invalid input.') => new AppError(400, ERROR_CODES.validation, detail, fields),
  badRequest: (code: string, detail: string) => new AppError(400, code, detail),
  conflict: (detail: string, fields?: Record<string, string[]>) => new AppError(409, ERROR_CODES.conflict, detail, fields),
  unavailable: () => new AppError(503, ERROR_CODES.unavailable, UNAVAILABLE_DETAIL),
  mailUnavailable: () => new AppError(503, ERROR_CODES.unavailable, 'The e-mail could not be sent. Try again later.'),
  throttled: (seconds: number) => new AppError(429, ERROR_CODES.rateLimited, `Request was throttled. Expected available in ${seconds} seconds.`),
};

function body(e: AppError): ApiErrorBody {
  return e.errors ? { detail: e.detail, code: e.code, errors: e.errors } : { detail: e.detail, code: e.code };
}

/** Turns a validation error's instance path ('/a/0/b') into the field name the console shows it under. */
function fieldName(instancePath: string): string {
  const path = instancePath.split('/').filter(Boolean);
  return path.length ? path.join('.') : 'non_field_errors';
}

/** A production console's sources stay private: no map is served, and none is answered with the console page either. */
export const isSourceMap = (path: string) => /\.map$/i.test(path.split('?')[0]!);

/** The REST API's paths, the only ones a wrong method answers 405 on. */
const API_PATH = /^\/api\/v1\//;

/**
 * Fastify's router refuses a path before any route or hook sees it (bad percent-encoding, a
 * parameter past its length limit): answered as any other invalid input, in the API's shape.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long.' : 'The path is not a valid URL.';
  void reply.status(400).send(body(errors.invalid({ path: [detail] }, detail)));
}

/** `spa` answers unknown non-API GETs with the console's index.html (client-side routes). */
export function registerErrorHandling(app: FastifyInstance, opts: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(error.status).send(body(error));
    }
    // An outage is not a fault of this call: the client may try again, and the log says what
    // happened once, without the statement or its parameters.
    if (isDatabaseUnavailable(error)) {
      noteFailure(request, { level: 'warn', msg: 'database unavailable', reason: unavailableReason(error) });
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body(errors.unavailable()));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // No prototype: a field named like Object.prototype's members ('valueOf') is a field too.
      const fields: Record<string, string[]> = Object.create(null);
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath);
        (fields[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.status(400).send(body(errors.invalid(fields)));
    }
    if (isResponseSerializationError(error)) {
      noteFailure(request, { err: error, msg: 'response did not match its schema' });
      return reply.status(500).send({ detail: 'Internal server error', code: ERROR_CODES.server });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ detail: error.message, code: ERROR_CODES.rateLimited });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.status(status).send({ detail: error.message, code: error.code?.toLowerCase() ?? 'bad_request' });
    }
    noteFailure(request, { err: error, msg: 'unhandled error' });
    return reply.status(500).send({ detail: 'Internal server error', code: ERROR_CODES.server });
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|ws|agent)(\/|$)/.test(request.url);
    if (opts.spa && !isApi && !isSourceMap(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    const path = request.url.split('?')[0]!;
    // A REST path called with a method it lacks: the path exists, so 405 and what it takes (RFC 9110
    // §15.5.6), not a 404 that reads as a wrong URL. Outside the API (probes, sockets, files) a 404 stays.
    const allowed = API_PATH.test(path) ? allowedMethods(app, path) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ detail: `Method "${request.method}" not allowed.`, code: ERROR_CODES.methodNotAllowed });
    }
    reply.status(404).send({ detail: `No route for ${request.method} ${path}`, code: ERROR_CODES.notFound });
  });
}
