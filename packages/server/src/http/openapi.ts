import type { FastifyContextConfig } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { apiErrorSchema } from '@netloom/domain';
import { allowedRoles } from './access';
import { openApiTransform } from './validators';

/**
 * The OpenAPI document served at /api/docs, written for API users (Redocly's recommended lint holds
 * it to that: `npm run lint`). What every operation shares is decided here, once, from what the
 * route declares: who may call it, the errors it can answer, its operation id.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route holds callers to a limit of its own (not @fastify/rate-limit's) and may answer 429. */
    attemptLimited?: boolean;
  }
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `errors` names each refused field',
  401: 'No valid session: the token is missing, expired or revoked',
  403: 'The caller’s role or products do not allow it',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with what exists now',
  429: 'Too many attempts: Retry-After says when to try again',
  503: 'The database is unavailable: Retry-After says when to try again',
};

/** The error answers a route declares, in the API's error shape: `response: { 200: …, ...errorResponses(404, 409) }`. */
export function errorResponses(...statuses: ErrorStatus[]): Record<number, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema.describe(ERROR_DESCRIPTIONS[s])]));
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type RouteSchema = { body?: unknown; querystring?: unknown; params?: unknown; security?: unknown[]; response?: Record<string, unknown> };

/**
 * Errors a route answers by how it is built, whatever its handler does: 400 when it validates
 * input, 401 and 503 when it needs a session (authentication reads the database), 429 when it is
 * rate limited. The route's own declarations (403, 404, 409…) stay as they are.
 */
function builtInErrors(schema: RouteSchema, rateLimited: boolean): ErrorStatus[] {
  const out: ErrorStatus[] = [];
  if (schema.body || schema.querystring || schema.params) out.push(400);
  if (schema.security?.length) out.push(401, 503);
  if (rateLimited) out.push(429);
  return out;
}

/**
 * Who may call the route, from the access rule it declares (`x-roles`: tenant roles, and
 * 'super-admin' for a super admin acting in the tenant; absent: any signed-in user, or anyone when
 * public), and whether it answers personal browsing data (`x-personal-data`). The security suite's
 * role matrix is generated from these.
 */
function accessExtensions(config: FastifyContextConfig | undefined): Record<string, unknown> {
  return {
    ...(config?.access && { 'x-roles': allowedRoles(config.access) }),
    ...(config?.personalData && { 'x-personal-data': true }),
  };
}

const withBuiltInErrors: Transform = (input) => {
  const schema = input.schema as RouteSchema | undefined;
  // Routes without a schema (the console's static files, plugins' own) are not part of the API.
  if (!schema?.response) return openApiTransform(input as Parameters<typeof openApiTransform>[0]);
  // @fastify/rate-limit's routes, and those limited per answered attempt (modules/auth/login-limiter.ts).
  const config = input.route.config as (FastifyContextConfig & { rateLimit?: unknown; attemptLimited?: boolean }) | undefined;
  const rateLimited = Boolean(config?.rateLimit) || config?.attemptLimited === true;
  const declared = new Set(Object.keys(schema.response));
  const added = Object.fromEntries(Object.entries(errorResponses(...builtInErrors(schema, rateLimited))).filter(([s]) => !declared.has(s)));
  return openApiTransform({
    ...input,
    schema: { ...schema, ...accessExtensions(config), response: { ...schema.response, ...added } },
  } as Parameters<typeof openApiTransform>[0]);
};

/** getDeviceByIdMetrics for GET /api/v1/device/{id}/metrics/: stable as long as the method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? `by-${param[1]}` : segment;
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * OpenAPI 3.0 ignores `nullable` beside no `type`; zod renders `.nullable()` of a union so. The
 * null goes to each typed branch instead, where readers and generators see it.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(typeNullables);
  if (!isObject(node)) return;
  for (const value of Object.values(node)) typeNullables(value);
  const branches = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (node.nullable !== true || node.type !== undefined || !Array.isArray(branches)) return;
  if (!branches.every((b) => isObject(b) && typeof b.type === 'string')) return;
  for (const b of branches as JsonObject[]) b.nullable = true;
  delete node.nullable;
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];
const GENERIC_DESCRIPTION = 'Default Response';

type Document = { paths?: Record<string, Record<string, JsonObject>>; [key: string]: unknown };

function finish(document: Document): Document {
  const ids = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      // GET and HEAD of one route share one object: each gets its own id.
      const op = (item[method] = { ...item[method] });
      const id = operationIdOf(method, path);
      const other = ids.get(id);
      if (other) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} and ${other} would share the operation id ${id}`);
      ids.set(id, `${method.toUpperCase()} ${path}`);
      op.operationId = id;
      // A route that declares no security scheme is public: said, not left to the reader to guess.
      op.security ??= [];
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, JsonObject>)) {
        const known = ERROR_DESCRIPTIONS[Number(status) as ErrorStatus];
        if (known && response.description === GENERIC_DESCRIPTION) response.description = known;
      }
    }
  }
  typeNullables(document.paths);
  return document;
}

/** @fastify/swagger's options: the document's head, and the per-route and whole-document steps above. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Netloom API',
        version: '1',
        description: 'The API behind the Netloom console: sign-in, tenants, devices, device groups, teams and activity logs.',
        license: { name: 'Proprietary' },
      },
      // Relative to the document: right behind any host, proxy or PUBLIC_URL the server is reached by.
      servers: [{ url: '/', description: 'The server this document is served by' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: withBuiltInErrors,
    transformObject: (input) => finish(('openapiObject' in input ? input.openapiObject : input.swaggerObject) as Document) as never,
  };
}
