import { z } from 'zod';
import { apiErrorSchema } from '@netloom/domain';
import { errorResponses } from './openapi';

/**
 * What every route file shares: the url of a spec path under the module's prefix, its tag and
 * security in the API document, the public mark, and the answers most routes give.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers without a session (`config: publicRoute`); every other route is private (http/authentication.ts). */
    public?: boolean;
  }
}

/** A spec path (no leading slash) as a route's url under its module's prefix. */
export const p = (path: string) => `/${path}`;

/** A private route's security in the API document: the bearer access token. */
const security = [{ bearerAuth: [] }];

/** A route file's tag, and `doc(summary)` for its private routes' schemas. */
export function routeDocs(tag: string) {
  const tags = [tag];
  return { tags, security, doc: (summary: string) => ({ tags, security, summary }) };
}

/**
 * Route option (`config: publicRoute`, or `{ ...publicRoute, ... }`): the route answers without a
 * session. Without it the authentication hook answers 401 before anything else of the route runs.
 */
export const publicRoute = { public: true } as const;

export const idParams = z.object({ id: z.string().uuid() });

/** A write's answers besides success: 403, 404, 409 (a name taken, still used) and 422 (a referenced id not the organisation's). */
export const writeErrors = {
  ...errorResponses(403, 404, 409),
  422: apiErrorSchema.describe("A referenced id is not the organisation's own: `errors` names each field"),
};
export const deleted = { 204: z.null(), ...errorResponses(403, 404, 409) };
