import type { FastifyInstance, HTTPMethods } from 'fastify';

/** Every method a route may be declared for, in the order the Allow header lists them. */
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the app's routes answer at a concrete path (its parameters filled in), for a 405's
 * Allow header. A catch-all (the console's files, `/*`) is not a route of the path: an unknown
 * path has no methods and stays a 404.
 */
export function allowedMethods(app: FastifyInstance, path: string): HTTPMethods[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in route.params);
  });
}
